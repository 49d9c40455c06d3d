/**
 * A list screen's status filter (Invoices, Proposals): All, then each status by its label; one
 * choice at a time (a radio group to assistive technology, arrow keys move between them), kept
 * in the address's `status`.
 */
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { segmentClass } from './controls';
import { oneOf } from './search-values';

/** The choice of no filter: no status has this key, so choosing it leaves the address bare. */
const ALL = 'all';

interface StatusFilterProps<S extends string> {
  /** The statuses offered, in the order shown. */
  values: readonly S[];
  /** Each status as its choice names it. */
  labels: Record<S, string>;
  status: S | undefined;
  onChange: (status: S | undefined) => void;
}

export function StatusFilter<S extends string>({
  values,
  labels,
  status,
  onChange,
}: StatusFilterProps<S>) {
  const choices = [{ id: ALL, label: 'All' }, ...values.map((s) => ({ id: s, label: labels[s] }))];
  return (
    <ToggleButtonGroup
      aria-label="Status"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[status ?? ALL]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        onChange(oneOf(values, key));
      }}
      className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1"
    >
      {choices.map(({ id, label }) => (
        <ToggleButton key={id} id={id} className={segmentClass}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
