import { TAX_CATEGORY_LABELS, taxCategoryValues, type TaxCategory } from '#shared/invoices/codes';
import { defaultVat } from '#shared/invoices/settings';
import { formatMoney, lineAmount, PROPOSAL_LIMITS } from '#shared/proposals';
import { vatLabel } from '#shared/proposal-vat';
import { Button, TextInputField } from '../ui/controls';
import { PlusIcon, TrashIcon } from '../ui/icons';
import { SelectField, type SelectChoice } from '../ui/select-field';
import {
  minorAmount,
  newItem,
  type ItemValues,
  type PathErrors,
  type SellerVat,
} from './proposal-values';

interface ItemRowsProps {
  items: ItemValues[];
  onChange: (items: ItemValues[]) => void;
  errors: PathErrors;
  /** The currency the prices are typed in (the saved one while the typed one is not a code). */
  currency: string;
  /** What the seller profile says of VAT; undefined until read (or when it cannot be). */
  seller: SellerVat | undefined;
}

/** The VAT choice's key for an item left to the profile (its values hold ''). */
const UNSET = 'profile';
type VatKey = TaxCategory | typeof UNSET;

/**
 * The VAT choices: the item left to the server first, then each category by its label. Left
 * unset, the server gives the item the profile's default once invoicing is on, and no VAT
 * before (docs/invoices.md, "Proposals and deposits").
 */
function vatChoices(seller: SellerVat | undefined): SelectChoice<VatKey>[] {
  const unset = !seller
    ? 'From the profile'
    : seller.defaults
      ? `From the profile (${vatLabel(defaultVat({}, seller.defaults))})`
      : 'No VAT';
  return [
    { id: UNSET, label: unset },
    ...taxCategoryValues.map((category) => ({
      id: category,
      label: `${TAX_CATEGORY_LABELS[category]} (${category})`,
    })),
  ];
}

/**
 * The items, a row each: description, quantity, unit price (major units: "1500.00"), VAT (a
 * category, and a rate for S: the others' is 0) and the line's net amount as the server will
 * compute it. On a phone a row's fields stack; from 640 px they sit side by side.
 */
export function ItemRows({ items, onChange, errors, currency, seller }: ItemRowsProps) {
  const set = (index: number, patch: Partial<ItemValues>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const choices = vatChoices(seller);
  /** Choosing S with no rate typed starts from the profile's rate for S, if it has one. */
  const choose = (index: number, item: ItemValues, key: VatKey) => {
    const category = key === UNSET ? '' : key;
    const usual =
      seller?.defaults && category === 'S' ? defaultVat({ category }, seller.defaults).rate : 0;
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
            className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-[1fr_6rem_9rem]"
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
            <TextInputField
              label={`Unit price (${currency})`}
              value={item.unitPrice}
              onChange={(unitPrice) => set(index, { unitPrice })}
              error={errors[`items.${index}.unitAmount`]}
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
                Amount: <LineAmount item={item} currency={currency} />
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
          isDisabled={items.length >= PROPOSAL_LIMITS.itemsMax}
          onPress={() => onChange([...items, newItem()])}
        >
          <PlusIcon />
          Add item
        </Button>
      </div>
    </fieldset>
  );
}

function LineAmount({ item, currency }: { item: ItemValues; currency: string }) {
  const quantity = Number(item.quantity.trim().replaceAll(',', ''));
  const unitAmount = minorAmount(item.unitPrice, currency);
  if (unitAmount === null || !Number.isFinite(quantity) || quantity <= 0) return <>–</>;
  return <>{formatMoney(lineAmount({ description: '', quantity, unitAmount }), currency)}</>;
}
