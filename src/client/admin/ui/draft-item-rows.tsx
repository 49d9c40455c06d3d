/**
 * The items of a draft proposal or invoice, a row each: description, quantity, unit price
 * (major units), VAT (a category, and a rate for S: the others' is 0, docs/invoices.md "The
 * rules") and the line's amount; Remove, and Add item up to the limit. On a phone a row's
 * fields stack; from 640 px they sit side by side. What differs, the caller passes: the
 * invoice's unit, a proposal's VAT left to the profile, how a line's amount is known.
 */
import type { ReactNode } from 'react';
import { TAX_CATEGORY_LABELS, taxCategoryValues, type TaxCategory } from '#shared/invoices/codes';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import { Button, TextInputField } from './controls';
import { PlusIcon, TrashIcon } from './icons';
import { SelectField, type SelectChoice } from './select-field';

/** A row as typed, the fields every draft's item has. */
export interface ItemRowValues {
  /** Stable across adds and removes: the row's React key. */
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  /** '' leaves the VAT to the server (a proposal's item, offered by `unsetLabel`). */
  category: TaxCategory | '';
  /** Percent as typed; read only for S. */
  rate: string;
}

/** The VAT choice's key for an item left to the profile (its values hold ''). */
const UNSET = 'profile';
type VatKey = TaxCategory | typeof UNSET;

/** The item left to the server first, when offered; then each category by its label. */
function vatChoices(unsetLabel: string | undefined): SelectChoice<VatKey>[] {
  const unset: SelectChoice<VatKey>[] =
    unsetLabel === undefined ? [] : [{ id: UNSET, label: unsetLabel }];
  return [
    ...unset,
    ...taxCategoryValues.map((category) => ({
      id: category,
      label: `${TAX_CATEGORY_LABELS[category]} (${category})`,
    })),
  ];
}

interface DraftItemRowsProps<T extends ItemRowValues> {
  items: T[];
  onChange: (items: T[]) => void;
  /** Messages by the input's dotted path (`items.1.unitAmount`). */
  errors: Record<string, string>;
  /** The currency the prices are typed in. */
  currency: string;
  /** How many items the server takes. */
  max: number;
  newItem: () => T;
  /** The seller profile's default VAT, where choosing S starts its rate; null while unknown. */
  defaults: Pick<InvoiceSettings, 'defaultCategory' | 'defaultRate'> | null;
  /** The choice of leaving an item's VAT to the profile (a proposal's), by this name. */
  unsetLabel?: string | undefined;
  /** A field after the quantity (the invoice's unit); the quantity is then the narrow one. */
  unitField?: (item: T, index: number, set: (patch: Partial<T>) => void) => ReactNode;
  /** Under the unit price. */
  priceDescription?: string | undefined;
  /** The row's last line: "Net" or "Amount", and that amount as text. */
  amountLabel: string;
  amountOf: (item: T, index: number) => ReactNode;
}

export function DraftItemRows<T extends ItemRowValues>({
  items,
  onChange,
  errors,
  currency,
  max,
  newItem,
  defaults,
  unsetLabel,
  unitField,
  priceDescription,
  amountLabel,
  amountOf,
}: DraftItemRowsProps<T>) {
  // Only `unitField` sets a row's own fields; the VAT's '' is set only where `unsetLabel`
  // offers it, so only on rows that hold it.
  const set = (index: number, patch: Partial<ItemRowValues> | Partial<T>) =>
    onChange(items.map((item, i) => (i === index ? ({ ...item, ...patch } as T) : item)));
  const choices = vatChoices(unsetLabel);
  /** Choosing S with no rate typed starts from the profile's rate for S, if it has one. */
  const choose = (index: number, item: T, key: VatKey) => {
    const category = key === UNSET ? '' : key;
    const usual = defaults && category === 'S' ? defaultVat({ category }, defaults).rate : 0;
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
            className={`grid gap-3 rounded-md border border-line p-3 ${unitField ? 'sm:grid-cols-[6rem_1fr_9rem]' : 'sm:grid-cols-[1fr_6rem_9rem]'}`}
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
            {unitField?.(item, index, (patch) => set(index, patch))}
            <TextInputField
              label={`Unit price (${currency})`}
              value={item.unitPrice}
              onChange={(unitPrice) => set(index, { unitPrice })}
              error={errors[`items.${index}.unitAmount`]}
              description={priceDescription}
            />
            <div className="grid gap-3 sm:col-span-3 sm:grid-cols-[1fr_9rem]">
              <SelectField
                label="VAT"
                choices={choices}
                value={item.category === '' ? UNSET : item.category}
                onChange={(key) => choose(index, item, key)}
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
                {amountLabel}: {amountOf(item, index)}
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
          isDisabled={items.length >= max}
          onPress={() => onChange([...items, newItem()])}
        >
          <PlusIcon />
          Add item
        </Button>
      </div>
    </fieldset>
  );
}
