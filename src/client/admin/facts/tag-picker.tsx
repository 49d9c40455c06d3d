import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Tag } from '#shared/shapes/facts';
import { Button, TextInputField } from '../ui/controls';

interface TagPickerProps {
  /** Tags on the fact (or chosen for the new fact). */
  selected: Tag[];
  /** Every tag that exists, for picking. */
  allTags: Tag[];
  onAdd: (tag: Tag) => void;
  onRemove: (tag: Tag) => void;
  /** Creates a tag by that (trimmed) name; resolves once done, rejects if it failed. */
  onCreate: (name: string) => Promise<void>;
  isBusy?: boolean;
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;
}

/**
 * The tags section of the fact form: selected tags with a remove button each, existing tags
 * to pick, and a field to create one. A name that already exists is picked instead of
 * created again, and a tag is never selected twice.
 */
export function TagPicker({
  selected,
  allTags,
  onAdd,
  onRemove,
  onCreate,
  isBusy = false,
}: TagPickerProps) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();
  const selectedIds = new Set(selected.map((t) => t.id));
  const available = allTags.filter((t) => !selectedIds.has(t.id));

  const addTyped = async () => {
    if (trimmed === '' || isBusy) return;
    if (selected.some((t) => sameName(t.name, trimmed))) {
      setNote(`"${trimmed}" is already added.`);
      setName('');
      return;
    }
    const existing = allTags.find((t) => sameName(t.name, trimmed));
    if (existing) {
      onAdd(existing);
      setNote(`Picked the existing tag "${existing.name}".`);
      setName('');
      return;
    }
    try {
      await onCreate(trimmed);
      setNote('');
      setName('');
    } catch {
      // The caller has already said why in a toast; the name stays for another try.
    }
  };

  /**
   * The pressed tag button moves to the other list (or goes away), which would drop keyboard
   * focus on the page body: the new-tag field is the steady place to continue from.
   */
  const pick = (action: () => void) => {
    action();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit the surrounding fact form.
      event.preventDefault();
      void addTyped();
    }
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
      <legend className="px-1 text-sm font-medium text-ink">Tags</legend>

      <SelectedTags tags={selected} isBusy={isBusy} onRemove={(tag) => pick(() => onRemove(tag))} />

      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextInputField
            label="New tag"
            name="newTag"
            value={name}
            onChange={(v) => {
              setName(v);
              setNote('');
            }}
            onKeyDown={onKeyDown}
            inputRef={inputRef}
          />
        </div>
        <Button
          variant="secondary"
          isDisabled={trimmed === ''}
          isPending={isBusy}
          onPress={() => void addTyped()}
        >
          Add
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {note}
      </p>

      <ExistingTags tags={available} isBusy={isBusy} onAdd={(tag) => pick(() => onAdd(tag))} />
    </fieldset>
  );
}

/** The tags on the fact, each with its remove button. */
function SelectedTags({
  tags,
  isBusy,
  onRemove,
}: {
  tags: Tag[];
  isBusy: boolean;
  onRemove: (tag: Tag) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="sr-only">
        Selected tags
      </p>
      {tags.length === 0 ? (
        <p className="text-sm text-muted">No tags added yet</p>
      ) : (
        <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-lg bg-brand-100 pl-3 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-100"
            >
              {tag.name}
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove tag ${tag.name}`}
                isDisabled={isBusy}
                onPress={() => onRemove(tag)}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The tags not yet on the fact, to pick; nothing when there are none. */
function ExistingTags({
  tags,
  isBusy,
  onAdd,
}: {
  tags: Tag[];
  isBusy: boolean;
  onAdd: (tag: Tag) => void;
}) {
  const labelId = useId();
  if (tags.length === 0) return null;
  return (
    <div>
      <p id={labelId} className="mb-2 text-sm font-medium text-ink">
        Existing tags
      </p>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.id}>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Add tag ${tag.name}`}
              isDisabled={isBusy}
              onPress={() => onAdd(tag)}
            >
              <span aria-hidden="true">+</span>
              {tag.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
