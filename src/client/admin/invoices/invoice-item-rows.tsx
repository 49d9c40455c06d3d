import {
  TAX_CATEGORY_LABELS,
  taxCategoryValues,
  UNIT_LABELS,
  unitCodeValues,
  type TaxCategory,
  type UnitCode,
} from '#shared/invoices/codes';
import { INVOICE_LIMITS } from '#shared/invoices/messages';
import { formatMoney } from '#shared/money';
import { Button, TextInputField } from '../ui/controls';
import { PlusIcon, TrashIcon } from '../ui/icons';
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

const vatChoices: SelectChoice<TaxCategory>[] = taxCategoryValues.map((category) => ({
  id: category,
  label: `${TAX_CATEGORY_LABELS[category]} (${category})`,
}));

/**
 * The items, a row each: description, quantity and unit, unit price (major units; negative
 * for a discount), VAT category and, for S, the rate (the others' is 0, docs/invoices.md "The
 * rules"), and the line's net as the server computes it. On a phone a row's fields stack;
 * from 640 px they sit side by side.
 */
export function InvoiceItemRows({
  items,
  onChange,
  errors,
  currency,
  lines,
  defaults,
}: InvoiceItemRowsProps) {
  const set = (index: number, patch: Partial<InvoiceItemValues>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  /** Choosing S with no rate typed starts from the profile's rate for S, if it has one. */
  const choose = (index: number, item: InvoiceItemValues, category: TaxCategory) => {
    const usual =
      defaults && category === 'S' && defaults.defaultCategory === 'S'
        ? (defaults.defaultRate ?? 0)
        : 0;
    set(index, { category, ...(item.rate === '' && usual > 0 && { rate: String(usual) }) });
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-ink">Items</legend>
      {items.length === 0 ? <p className="text-sm text-muted">No items yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <li
            key={item.key}
            aria-label={`Item ${index + 1}`}
            className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-[6rem_1fr_9rem]"
          >
            <div className="sm:col-span-3">
              <TextInputField
                label={`Item ${index + 1} description`}
                value={item.description}
                onChange={(description) => set(index, { description })}
                error={errors[`items.${index}.description`]}
              />
            </div>
            <TextInputField
              label="Quantity"
              value={item.quantity}
              onChange={(quantity) => set(index, { quantity })}
              error={errors[`items.${index}.quantity`]}
            />
            <SelectField
              label="Unit"
              choices={unitChoices}
              value={item.unitCode}
              onChange={(unitCode) => set(index, { unitCode })}
              error={errors[`items.${index}.unitCode`]}
            />
            <TextInputField
              label={`Unit price (${currency})`}
              value={item.unitPrice}
              onChange={(unitPrice) => set(index, { unitPrice })}
              error={errors[`items.${index}.unitAmount`]}
              description="A minus for a discount."
            />
            <div className="grid gap-3 sm:col-span-3 sm:grid-cols-[1fr_9rem]">
              <SelectField
                label="VAT"
                choices={vatChoices}
                value={item.category}
                onChange={(category) => choose(index, item, category)}
                // A rate refused while its field is hidden is shown here, not lost.
                error={
                  errors[`items.${index}.category`] ??
                  (item.category === 'S' ? undefined : errors[`items.${index}.rate`])
                }
              />
              {item.category === 'S' ? (
                <TextInputField
                  label="Rate (%)"
                  value={item.rate}
                  onChange={(rate) => set(index, { rate })}
                  error={errors[`items.${index}.rate`]}
                />
              ) : null}
            </div>
            <div className="flex items-end justify-between gap-2 sm:col-span-3">
              <p className="text-sm text-muted tabular-nums">
                Net: {formatMoney(lines[index] ?? 0, currency)}
              </p>
              <Button
                variant="ghost-danger"
                size="sm"
                aria-label={`Remove item ${index + 1}`}
                onPress={() => onChange(items.filter((_, i) => i !== index))}
              >
                <TrashIcon />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {errors['items'] ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors['items']}</p>
      ) : null}
      <div>
        <Button
          variant="secondary"
          isDisabled={items.length >= INVOICE_LIMITS.itemsMax}
          onPress={() => onChange([...items, newInvoiceItem(defaults)])}
        >
          <PlusIcon />
          Add item
        </Button>
      </div>
    </fieldset>
  );
}
