import { AUDIT_ACTION_LABELS, auditActionValues, type AuditAction } from '#shared/audit';
import { Button } from '../ui/controls';
import type { AuditSearch } from './search-params';

const fieldClasses =
  'min-h-11 w-full rounded-md border border-line-strong bg-raised px-3 py-2 text-ink outline-none focus:border-brand-700 dark:focus:border-brand-400 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400 sm:w-auto';

interface AuditFiltersProps {
  search: AuditSearch;
  /** The people the log names; absent while they load. */
  actors: string[] | undefined;
  onChange: (filters: Pick<AuditSearch, 'action' | 'actor'>) => void;
}

/**
 * Action and person, each applied as soon as it is chosen: the choices are read from the
 * address, so the boxes, the address and the list always agree (Back and Forward included).
 */
export function AuditFilters({ search, actors, onChange }: AuditFiltersProps) {
  // A name from the address that is not among the loaded ones is still offered, so the box
  // shows what filters the list.
  const people =
    search.actor && actors && !actors.includes(search.actor) ? [search.actor, ...actors] : actors;
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-end gap-3">
      <div className="flex w-full flex-col gap-1 sm:w-auto">
        <label htmlFor="audit-action" className="text-sm font-medium text-ink">
          Action
        </label>
        <select
          id="audit-action"
          value={search.action ?? ''}
          onChange={(event) =>
            onChange({
              actor: search.actor,
              action: (event.target.value || undefined) as AuditAction | undefined,
            })
          }
          className={fieldClasses}
        >
          <option value="">All actions</option>
          {auditActionValues.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex w-full flex-col gap-1 sm:w-auto">
        <label htmlFor="audit-actor" className="text-sm font-medium text-ink">
          Person
        </label>
        <select
          id="audit-actor"
          value={search.actor ?? ''}
          onChange={(event) =>
            onChange({ action: search.action, actor: event.target.value || undefined })
          }
          className={fieldClasses}
        >
          <option value="">Everyone</option>
          {(people ?? (search.actor ? [search.actor] : [])).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {search.action || search.actor ? (
        <Button variant="ghost" onPress={() => onChange({ action: undefined, actor: undefined })}>
          Clear
        </Button>
      ) : null}
    </div>
  );
}
