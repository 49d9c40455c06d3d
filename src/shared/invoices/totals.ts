/**
 * An invoice's figures from its items (docs/invoices.md, "The rules"), the one computation the
 * server stores and the admin's editor shows: each line's net is its quantity times its unit
 * price, rounded half up to minor units; lines are grouped by tax category and rate; each
 * group's tax is its base times the rate, rounded half up once per group, as EN 16931 sums it
 * (BR-CO-17), never line by line. Amounts are integers in the currency's minor units; the
 * products are taken in BigInt so that no step loses a digit to floating point.
 */
import { taxCategoryValues, type TaxCategory, type UnitCode } from './codes';

export interface InvoiceItem {
  description: string;
  /** Positive, at most three decimals. */
  quantity: number;
  unitCode: UnitCode;
  /** Minor units; negative for a discount. */
  unitAmount: number;
  category: TaxCategory;
  /** A percentage with at most two decimals: 19, 7.7, 0. */
  rate: number;
}

export interface TaxGroup {
  category: TaxCategory;
  rate: number;
  /** The sum of the group's line nets. */
  base: number;
  tax: number;
}

export interface InvoiceTotals {
  /** Each item's net, in the items' order. */
  lines: number[];
  net: number;
  /** By category (S, Z, E, AE, O), then the higher rate first. */
  groups: TaxGroup[];
  tax: number;
  gross: number;
  /** Paid before this invoice: the deposit invoices deducted (BT-113). */
  prepaid: number;
  /** Gross less prepaid. */
  due: number;
}

/**
 * `numerator / denominator` rounded half up on the magnitude (2.5 → 3, −2.5 → −3), as a
 * commercial rounding treats a discount the same as a charge. The denominator is positive.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** A quantity in thousandths, a rate in hundredths of a percent: the integers they stand for. */
export const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));
export const rateHundredths = (rate: number) => BigInt(Math.round(rate * 100));

/** One item's net: quantity × unit price, rounded half up to minor units. */
export function lineNet(item: Pick<InvoiceItem, 'quantity' | 'unitAmount'>): number {
  return Number(divideHalfUp(thousandths(item.quantity) * BigInt(item.unitAmount), 1000n));
}

/** A group's tax: its base × rate %, rounded half up once. */
export function groupTax(base: number, rate: number): number {
  return Number(divideHalfUp(BigInt(base) * rateHundredths(rate), 10_000n));
}

const categoryOrder = (category: TaxCategory) => taxCategoryValues.indexOf(category);

/** The figures of an invoice with these items, `prepaid` deducted from what is due. */
export function invoiceTotals(items: readonly InvoiceItem[], prepaid = 0): InvoiceTotals {
  const lines = items.map(lineNet);
  const bases = new Map<string, { category: TaxCategory; rate: number; base: number }>();
  items.forEach((item, i) => {
    const key = `${item.category}/${rateHundredths(item.rate)}`;
    const group = bases.get(key) ?? { category: item.category, rate: item.rate, base: 0 };
    group.base += lines[i] ?? 0;
    bases.set(key, group);
  });
  const groups = [...bases.values()]
    .map((group) => ({ ...group, tax: groupTax(group.base, group.rate) }))
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category) || b.rate - a.rate);
  const net = lines.reduce((sum, line) => sum + line, 0);
  const tax = groups.reduce((sum, group) => sum + group.tax, 0);
  const gross = net + tax;
  return { lines, net, groups, tax, gross, prepaid, due: gross - prepaid };
}
