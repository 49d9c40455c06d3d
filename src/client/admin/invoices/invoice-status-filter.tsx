import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { segmentClass } from '../ui/controls';
import { oneOf } from '../ui/search-values';
import { invoiceFilterValues, type InvoiceFilter } from './search-params';

const ALL = 'all';

const LABELS: Record<InvoiceFilter, string> = { draft: 'Drafts', issued: 'Issued' };

interface InvoiceStatusFilterProps {
  status: InvoiceFilter | undefined;
  onChange: (status: InvoiceFilter | undefined) => void;
}

/** All, Drafts, Issued: one choice at a time (a radio group), kept in the address. */
export function InvoiceStatusFilter({ status, onChange }: InvoiceStatusFilterProps) {
  const choices = [
    { id: ALL, label: 'All' },
    ...invoiceFilterValues.map((s) => ({ id: s, label: LABELS[s] })),
  ];
  return (
    <ToggleButtonGroup
      aria-label="Status"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[status ?? ALL]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        onChange(oneOf(invoiceFilterValues, key));
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

export const filterLabel = (status: InvoiceFilter) => LABELS[status];
