import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import {
  PROPOSAL_STATUS_LABELS,
  proposalStatusValues,
  type ProposalStatus,
} from '#shared/proposals';
import { segmentClass } from '../ui/controls';
import { oneOf } from '../ui/search-values';

const ALL = 'all';

interface ProposalStatusFilterProps {
  status: ProposalStatus | undefined;
  onChange: (status: ProposalStatus | undefined) => void;
}

/** All and each status as shown: one choice at a time (a radio group), kept in the address. */
export function ProposalStatusFilter({ status, onChange }: ProposalStatusFilterProps) {
  const choices = [
    { id: ALL, label: 'All' },
    ...proposalStatusValues.map((s) => ({ id: s, label: PROPOSAL_STATUS_LABELS[s] })),
  ];
  return (
    <ToggleButtonGroup
      aria-label="Status"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[status ?? ALL]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        onChange(oneOf(proposalStatusValues, key));
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
