import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { LEAD_STATUS_LABELS, leadStatusValues, type LeadStatus } from '#shared/lead-pipeline';
import { segmentClass } from '../ui/controls';

const ALL = 'all';

interface LeadStatusFilterProps {
  status: LeadStatus | undefined;
  /** Absent while the first page loads: the choices show without numbers. */
  counts: Record<LeadStatus, number> | undefined;
  onChange: (status: LeadStatus | undefined) => void;
}

/**
 * All and the six statuses, each with its count: one choice at a time (a radio group to
 * assistive technology, arrow keys move between them), kept in the address's `status`.
 */
export function LeadStatusFilter({ status, counts, onChange }: LeadStatusFilterProps) {
  const total = counts ? leadStatusValues.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const choices: { id: string; label: string; count: number | undefined }[] = [
    { id: ALL, label: 'All', count: total },
    ...leadStatusValues.map((s) => ({ id: s, label: LEAD_STATUS_LABELS[s], count: counts?.[s] })),
  ];
  return (
    <ToggleButtonGroup
      aria-label="Status"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[status ?? ALL]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        onChange(key === ALL ? undefined : (key as LeadStatus));
      }}
      className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1"
    >
      {choices.map(({ id, label, count }) => (
        <ToggleButton key={id} id={id} className={segmentClass}>
          {label}
          {/* The space keeps the name "Won 3", not "Won3". */}
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
