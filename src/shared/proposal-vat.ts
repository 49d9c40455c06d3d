/**
 * VAT on a proposal (docs/invoices.md, "Proposals and deposits"): each item may carry the tax
 * category and rate its invoice will have, and then the proposal's figures are the invoice's
 * own (shared/invoices/totals.ts): nets grouped by category and rate, each group's tax rounded
 * once. An item without a category (a proposal written before invoicing was set up) is taxed
 * at nothing, as before. The deposit is split over the same groups, so the deposit invoice's
 * gross is exactly what the client is charged.
 */
import { TAX_CATEGORY_LABELS, type TaxCategory } from './invoices/codes';
import { INVOICE_MESSAGES } from './invoices/messages';
import { groupTax, invoiceTotals, lineNet } from './invoices/totals';
import type { Deposit, ProposalItem } from './proposals';

export interface VatItem {
  quantity: number;
  unitAmount: number;
  category?: TaxCategory;
  rate?: number;
}

/** One tax group of a proposal; `category` null for its items that carry none. */
export interface VatGroup {
  category: TaxCategory | null;
  rate: number;
  base: number;
  tax: number;
}

export interface VatFigures {
  net: number;
  groups: VatGroup[];
  tax: number;
  gross: number;
}

const taxed = <T extends VatItem>(item: T): item is T & { category: TaxCategory } =>
  item.category !== undefined;

/** The proposal's net, its groups, their tax and its gross: the invoice's computation. */
export function vatFigures(items: readonly VatItem[]): VatFigures {
  const withCategory = items.filter(taxed).map((item) => ({
    description: '',
    quantity: item.quantity,
    unitAmount: item.unitAmount,
    unitCode: 'C62' as const,
    category: item.category,
    rate: item.rate ?? 0,
  }));
  const totals = invoiceTotals(withCategory);
  const untaxed = items
    .filter((item) => !taxed(item))
    .reduce((sum, item) => sum + lineNet(item), 0);
  const groups: VatGroup[] = [...totals.groups];
  if (untaxed !== 0 || (groups.length === 0 && items.length > 0)) {
    groups.push({ category: null, rate: 0, base: untaxed, tax: 0 });
  }
  const net = totals.net + untaxed;
  return { net, groups, tax: totals.tax, gross: net + totals.tax };
}

/** A deposit's part of one group: its net, and that net's tax at the group's rate. */
export interface DepositLine {
  category: TaxCategory | null;
  rate: number;
  net: number;
  tax: number;
}

const line = (group: VatGroup, net: number): DepositLine => ({
  category: group.category,
  rate: group.rate,
  net,
  tax: groupTax(net, group.rate),
});

const grossOf = (lines: readonly DepositLine[]) =>
  lines.reduce((sum, one) => sum + one.net + one.tax, 0);

/**
 * The deposit over the proposal's groups. A percentage takes that share of each group's net;
 * an amount is read as gross (what the client pays) and taken from each group in proportion
 * to its gross, the largest group's net moved by a cent or two so the lines' gross is the
 * amount, where any net gives it (a rate can skip a cent: then the nearest below).
 */
export function depositLines(
  figures: VatFigures,
  deposit: { kind: 'percent' | 'amount'; value: number },
): DepositLine[] {
  const groups = figures.groups.filter((group) => group.base > 0);
  if (deposit.kind === 'percent') {
    return groups.map((group) => line(group, Math.round((group.base * deposit.value) / 100)));
  }
  const wanted = Math.min(deposit.value, figures.gross);
  if (figures.gross <= 0 || groups.length === 0) return [];
  const share = wanted / figures.gross;
  const lines = groups.map((group) => line(group, Math.round(group.base * share)));
  // Each group in turn, the largest first, moved by up to three cents until the sum is exact.
  const order = lines.map((_, i) => i).sort((a, b) => (lines[b]?.net ?? 0) - (lines[a]?.net ?? 0));
  const moved = (i: number, step: number) => {
    const group = groups[i];
    const current = lines[i];
    if (!group || !current || current.net + step < 0) return null;
    return line(group, current.net + step);
  };
  const steps = [0, -1, 1, -2, 2, -3, 3];
  const total = grossOf(lines);
  const grossChange = (i: number, next: DepositLine) =>
    next.net + next.tax - (lines[i]?.net ?? 0) - (lines[i]?.tax ?? 0);
  for (const i of order) {
    for (const step of steps) {
      const next = moved(i, step);
      if (next && total + grossChange(i, next) === wanted) {
        lines[i] = next;
        return lines;
      }
    }
  }
  // No net gives it to the cent (a rate can skip one): the nearest below, on the largest group.
  const largest = order[0] ?? 0;
  const below = steps
    .map((step) => moved(largest, step))
    .filter((next): next is DepositLine => next !== null)
    .filter((next) => total + grossChange(largest, next) <= wanted)
    .sort((a, b) => b.net - a.net)[0];
  if (below) lines[largest] = below;
  return lines;
}

/** The deposit charged: the gross of its lines. */
export const depositGross = grossOf;

const percent = (rate: number) =>
  `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(rate)}%`;

/** A group's or an item's tax in words: "VAT 20%", "Reverse charge", "Exempt from VAT". */
export function vatLabel(group: { category?: TaxCategory | null; rate?: number }): string {
  if (group.category === 'S') return `VAT ${percent(group.rate ?? 0)}`;
  if (group.category === 'Z') return `VAT 0% (${TAX_CATEGORY_LABELS.Z.toLowerCase()})`;
  if (!group.category) return 'No VAT';
  return TAX_CATEGORY_LABELS[group.category];
}

/** Whether a proposal's items carry VAT, so its figures show net, tax and gross. */
export const hasVat = (items: readonly VatItem[]) => items.some(taxed);

export interface ProposalAmounts {
  /** The items' nets summed. */
  net: number;
  tax: number;
  /** Gross: what the client pays in all. */
  total: number;
  /** Gross: the deposit's part of each tax group with its tax (shared/proposal-vat.ts). */
  depositAmount: number;
}

/** The figures and the deposit, in minor units: the one rule the server stores and the editor shows. */
export function proposalAmounts(
  items: readonly ProposalItem[],
  deposit: Deposit | null,
): ProposalAmounts {
  const figures = vatFigures(items);
  const amounts = { net: figures.net, tax: figures.tax, total: figures.gross };
  if (!deposit) return { ...amounts, depositAmount: 0 };
  return { ...amounts, depositAmount: depositGross(depositLines(figures, deposit)) };
}

/** What is wrong with an item's rate for its category, or null: S above 0, the rest 0. */
export function itemRateIssue(item: Pick<ProposalItem, 'category' | 'rate'>): string | null {
  if (item.category === undefined || item.rate === undefined) return null;
  if (item.category === 'S') return item.rate > 0 ? null : INVOICE_MESSAGES.standardRate;
  return item.rate === 0 ? null : INVOICE_MESSAGES.zeroRate;
}
