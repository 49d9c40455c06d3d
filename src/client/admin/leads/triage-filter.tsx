import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { segmentClass } from '../ui/controls';
import { TRIAGE_LABEL_NAMES, triageLabelValues, type TriageLabel } from './triage-label';

const ALL = 'all';

interface TriageFilterProps {
  label: TriageLabel | undefined;
  onChange: (label: TriageLabel | undefined) => void;
}

/**
 * All and the four triage labels, one at a time (a radio group to assistive technology, arrow
 * keys move between them), kept in the address's `triage` like the status filter beside it.
 * No counts: the list's answer counts statuses only.
 */
export function TriageFilter({ label, onChange }: TriageFilterProps) {
  const choices = [
    { id: ALL, name: 'All' },
    ...triageLabelValues.map((value) => ({ id: value, name: TRIAGE_LABEL_NAMES[value] })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id="triage-filter-label" className="text-sm font-medium text-muted">
        Triage
      </span>
      <ToggleButtonGroup
        aria-labelledby="triage-filter-label"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[label ?? ALL]}
        onSelectionChange={(keys: Set<Key>) => {
          const [key] = keys;
          onChange(key === ALL ? undefined : (key as TriageLabel));
        }}
        className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1"
      >
        {choices.map(({ id, name }) => (
          <ToggleButton key={id} id={id} className={segmentClass}>
            {name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
