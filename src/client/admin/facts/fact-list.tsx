import { Link } from '@tanstack/react-router';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
} from 'react-aria-components';
import type { Fact, Tag } from '#shared/shapes/facts';
import { buttonClass, buttonSizes, focusRing } from '#shared/ui-styles';
import { Button, Switch } from '../ui/controls';
import { formatWordDate } from '../ui/date-time';
import { ArrowDownIcon, ArrowUpIcon, GripIcon, PencilIcon, TrashIcon } from '../ui/icons';
import { useRefocusAfterMove } from './use-refocus-after-move';

interface FactListProps {
  facts: Fact[];
  /** Each fact's tags, shown in its row. */
  tagsByFact: ReadonlyMap<number, Tag[]>;
  onToggleActive: (fact: Fact, active: boolean) => void;
  onMove: (fact: Fact, direction: 'up' | 'down') => void;
  onPlace: (fact: Fact, target: Fact, position: 'before' | 'after') => void;
  onDelete: (fact: Fact) => void;
}

/**
 * The facts in display order. A grid list: arrow keys go from row to row and, inside a row,
 * across its controls. Rows can be dragged with the mouse, or with the keyboard from the
 * grip button (Enter picks the row up, arrow keys choose the place, Enter drops it).
 */
export function FactList({
  facts,
  tagsByFact,
  onToggleActive,
  onMove,
  onPlace,
  onDelete,
}: FactListProps) {
  const { gridRef, refocusOnceMoved } = useRefocusAfterMove(facts);

  const move = (fact: Fact, direction: 'up' | 'down') => {
    refocusOnceMoved(fact.id, direction);
    onMove(fact, direction);
  };

  const byId = new Map(facts.map((f) => [f.id, f]));
  const { dragAndDropHooks } = useDragAndDrop<Fact>({
    getItems: (keys) =>
      [...keys].map((key) => ({ 'text/plain': byId.get(Number(key))?.factText ?? '' })),
    onReorder: (event) => {
      const [key] = [...event.keys];
      const moving = byId.get(Number(key));
      const target = byId.get(Number(event.target.key));
      if (!moving || !target || event.target.dropPosition === 'on') return;
      onPlace(moving, target, event.target.dropPosition);
    },
    renderDropIndicator: (target) => (
      <DropIndicator
        target={target}
        className="h-0.5 rounded bg-transparent data-drop-target:bg-brand-700"
      />
    ),
  });

  return (
    <GridList
      aria-label="AI facts"
      ref={gridRef}
      items={facts}
      // Rows show their position (first and last cannot move further): re-render on any change.
      dependencies={[facts]}
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col gap-2"
    >
      {(fact) => {
        const index = facts.indexOf(fact);
        return (
          <GridListItem
            id={fact.id}
            textValue={fact.factText}
            className="rounded-md border border-line bg-raised p-2 outline-none sm:p-3 data-dragging:opacity-50 data-focus-visible:ring-2 data-focus-visible:ring-brand-600 dark:data-focus-visible:ring-brand-400"
          >
            <div className="flex flex-wrap items-start gap-3 sm:flex-nowrap">
              <AriaButton
                slot="drag"
                className={`inline-flex cursor-grab items-center justify-center rounded-lg text-muted hover:bg-subtle ${buttonSizes['icon-sm']} ${focusRing}`}
              >
                <GripIcon />
              </AriaButton>
              <FactSummary fact={fact} tags={tagsByFact.get(fact.id) ?? []} />
              <FactControls
                fact={fact}
                isFirst={index === 0}
                isLast={index === facts.length - 1}
                onMove={(direction) => move(fact, direction)}
                onToggleActive={(active) => onToggleActive(fact, active)}
                onDelete={() => onDelete(fact)}
              />
            </div>
          </GridListItem>
        );
      }}
    </GridList>
  );
}

/** A fact's text (its editor's link), source, date and tags. */
function FactSummary({ fact, tags }: { fact: Fact; tags: Tag[] }) {
  return (
    <div className="min-w-0 flex-1">
      <Link
        to="/admin/ai-fact-edit/$id"
        params={{ id: String(fact.id) }}
        className="font-medium break-words text-ink underline-offset-2 hover:text-brand-700 dark:hover:text-brand-300 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        {fact.factText}
      </Link>
      <p className="mt-1 text-sm break-words text-muted">Source: {fact.source}</p>
      {fact.factDate ? (
        <p className="text-sm text-muted">
          Date: <time dateTime={fact.factDate}>{formatWordDate(fact.factDate)}</time>
        </p>
      ) : null}
      <FactTags tags={tags} />
    </div>
  );
}

/** A row's controls: move up and down, active or not, edit, delete. */
function FactControls({
  fact,
  isFirst,
  isLast,
  onMove,
  onToggleActive,
  onDelete,
}: {
  fact: Fact;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onToggleActive: (active: boolean) => void;
  onDelete: () => void;
}) {
  // On a phone the controls take a line of their own, spread across it, in three groups that
  // stay whole if the line is too narrow for all of them.
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1 max-sm:w-full max-sm:justify-between">
      <div className="flex items-center sm:gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Move up"
          isDisabled={isFirst}
          onPress={() => onMove('up')}
        >
          <ArrowUpIcon />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Move down"
          isDisabled={isLast}
          onPress={() => onMove('down')}
        >
          <ArrowDownIcon />
        </Button>
      </div>
      <span className="sm:mx-2">
        <Switch isSelected={fact.active} onChange={onToggleActive}>
          <span className="w-14">{fact.active ? 'Active' : 'Inactive'}</span>
        </Switch>
      </span>
      <div className="flex items-center sm:gap-1">
        <Link
          to="/admin/ai-fact-edit/$id"
          params={{ id: String(fact.id) }}
          aria-label="Edit"
          className={buttonClass('ghost', 'icon-sm')}
        >
          <PencilIcon />
        </Link>
        <Button variant="ghost-danger" size="icon-sm" aria-label="Delete" onPress={onDelete}>
          <TrashIcon />
        </Button>
      </div>
    </div>
  );
}

function FactTags({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag.id}
          className="rounded-full border border-line bg-subtle px-2 py-0.5 text-xs text-ink"
        >
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
