import { UNIT_LABELS, unitCodeValues, type UnitCode } from '#shared/invoices/codes';
import { INVOICE_LIMITS } from '#shared/invoices/messages';
import { formatMoney } from '#shared/money';
import { DraftItemRows } from '../ui/draft-item-rows';
import { SelectField, type SelectChoice } from '../ui/select-field';
import {
  newInvoiceItem,
  type InvoiceItemValues,
  type PathErrors,
  type VatDefaults,
} from './invoice-values';

interface InvoiceItemRowsProps {
  items: InvoiceItemValues[];
  onChange: (items: InvoiceItemValues[]) => void;
  errors: PathErrors;
  currency: string;
  /** Each row's net as `invoiceTotals` computes it, in the rows' order. */
  lines: readonly number[];
  /** The profile's default VAT, a new row's start; null until read or while invoicing is off. */
  defaults: VatDefaults | null;
}

const unitChoices: SelectChoice<UnitCode>[] = unitCodeValues.map((code) => ({
  id: code,
  label: `${UNIT_LABELS[code].many[0]?.toUpperCase()}${UNIT_LABELS[code].many.slice(1)}`,
}));

/**
 * A draft invoice's items: each with its unit, a unit price that may be negative (a
 * discount), a VAT category always (docs/invoices.md "The rules"), and the line's net as the
 * server computes it.
 */
export function InvoiceItemRows({ lines, defaults, ...rows }: InvoiceItemRowsProps) {
  const { errors, currency } = rows;
  return (
    <DraftItemRows
      {...rows}
      max={INVOICE_LIMITS.itemsMax}
      newItem={() => newInvoiceItem(defaults)}
      defaults={defaults}
      unitField={(item, index, set) => (
        <SelectField
          label="Unit"
          choices={unitChoices}
          value={item.unitCode}
          onChange={(unitCode) => set({ unitCode })}
          error={errors[`items.${index}.unitCode`]}
        />
      )}
      priceDescription="A minus for a discount."
      amountLabel="Net"
      amountOf={(_, index) => formatMoney(lines[index] ?? 0, currency)}
    />
  );
}
