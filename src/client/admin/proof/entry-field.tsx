import { useId } from 'react';
import { trpc } from '#client/lib/trpc';
import { fieldInput } from '../ui/controls';

/**
 * The case study (or insight) a testimonial belongs to, chosen from the entries; an entry the
 * list does not hold (yet) keeps its option so the choice is not lost.
 */
export function EntryField({
  value,
  onChange,
  issue,
}: {
  value: string;
  onChange: (entryId: string) => void;
  issue: string | undefined;
}) {
  const entries = trpc.entries.list.useQuery({});
  const entryFieldId = useId();
  const entryOptions = entries.data?.entries ?? [];
  const entryKnown = entryOptions.some((entry) => String(entry.id) === value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={entryFieldId} className="text-sm font-medium text-ink">
        Case study it belongs to
      </label>
      <select
        id={entryFieldId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${entryFieldId}-issue` : undefined}
        className={fieldInput}
      >
        <option value="">None</option>
        {value !== '' && !entryKnown ? <option value={value}>Entry {value}</option> : null}
        {entryOptions.map((entry) => (
          <option key={entry.id} value={String(entry.id)}>
            {entry.kind === 'case_study' ? 'Case study' : 'Insight'}: {entry.title}
          </option>
        ))}
      </select>
      {issue ? (
        <p id={`${entryFieldId}-issue`} className="text-sm text-red-700 dark:text-red-300">
          {issue}
        </p>
      ) : null}
    </div>
  );
}
