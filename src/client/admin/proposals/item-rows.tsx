import { defaultVat } from '#shared/invoices/settings';
import { formatMoney, lineAmount, PROPOSAL_LIMITS } from '#shared/proposals';
import { vatLabel } from '#shared/proposal-vat';
import { minorAmount } from '../ui/amount-text';
import { DraftItemRows } from '../ui/draft-item-rows';
import { newItem, type ItemValues, type PathErrors, type SellerVat } from './proposal-values';

interface ItemRowsProps {
  items: ItemValues[];
  onChange: (items: ItemValues[]) => void;
  errors: PathErrors;
  /** The currency the prices are typed in (the saved one while the typed one is not a code). */
  currency: string;
  /** What the seller profile says of VAT; undefined until read (or when it cannot be). */
  seller: SellerVat | undefined;
}

/**
 * The name of leaving an item's VAT to the server: once invoicing is on it gives the item
 * the profile's default, and no VAT before (docs/invoices.md, "Proposals and deposits").
 */
function unsetLabel(seller: SellerVat | undefined): string {
  if (!seller) return 'From the profile';
  return seller.defaults
    ? `From the profile (${vatLabel(defaultVat({}, seller.defaults))})`
    : 'No VAT';
}

/**
 * A draft proposal's items: a unit price in major units ("1500.00"), the VAT chosen or left to
 * the profile, and the line's net amount as the server will compute it.
 */
export function ItemRows({ seller, ...rows }: ItemRowsProps) {
  return (
    <DraftItemRows
      {...rows}
      max={PROPOSAL_LIMITS.itemsMax}
      newItem={newItem}
      defaults={seller?.defaults ?? null}
      unsetLabel={unsetLabel(seller)}
      amountLabel="Amount"
      amountOf={(item) => <LineAmount item={item} currency={rows.currency} />}
    />
  );
}

function LineAmount({ item, currency }: { item: ItemValues; currency: string }) {
  const quantity = Number(item.quantity.trim().replaceAll(',', ''));
  const unitAmount = minorAmount(item.unitPrice, currency);
  if (unitAmount === null || !Number.isFinite(quantity) || quantity <= 0) return <>–</>;
  return <>{formatMoney(lineAmount({ description: '', quantity, unitAmount }), currency)}</>;
}
