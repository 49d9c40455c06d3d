import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { subscriberShownStatusValues, type SubscriberShownStatus } from '#shared/newsletter';
import type { StatusCounts } from '#client/lib/api-types';
import { segmentClass } from '../ui/controls';
import { STATUS_LABELS } from './subscriber-status';

const ALL = 'all';

interface SubscriberStatusFilterProps {
  status: SubscriberShownStatus | undefined;
  /** Absent while the first page loads: the choices show without numbers. */
  counts: StatusCounts | undefined;
  onChange: (status: SubscriberShownStatus | undefined) => void;
}

/**
 * All, Confirmed, Pending, Unsubscribed, Bounced, each with its count: one choice at a time (a radio
 * group to assistive technology, arrow keys move between them). The choice is the address's
 * `status`, so the control, the address and the list always agree.
 */
export function SubscriberStatusFilter({ status, counts, onChange }: SubscriberStatusFilterProps) {
  const total = counts
    ? subscriberShownStatusValues.reduce((sum, s) => sum + counts[s], 0)
    : undefined;
  const choices: { id: string; label: string; count: number | undefined }[] = [
    { id: ALL, label: 'All', count: total },
    ...(['confirmed', 'pending', 'unsubscribed', 'bounced'] as const).map((s) => ({
      id: s,
      label: STATUS_LABELS[s],
      count: counts?.[s],
    })),
  ];
  return (
    <ToggleButtonGroup
      aria-label="Status"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[status ?? ALL]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        onChange(key === ALL ? undefined : (key as SubscriberShownStatus));
      }}
      className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1"
    >
      {choices.map(({ id, label, count }) => (
        <ToggleButton key={id} id={id} className={segmentClass}>
          {label}
          {/* The space keeps the name "Confirmed 3", not "Confirmed3". */}
          {count === undefined ? null : ' '}
          {count === undefined ? null : (
            <span className="rounded-full bg-line px-1.5 text-xs font-semibold text-ink tabular-nums">
              {count}
            </span>
          )}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
