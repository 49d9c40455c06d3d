/**
 * The accountant's CSV (docs/invoices.md, "Handing the files to your accountant"): one row per
 * issued document of the period, oldest number first. Each tax group (category and rate) of the
 * period has its own pair of columns, "net S 19%" and "tax S 19%", so a column sums to the
 * period's base or tax at that rate; a credit note's amounts are negative, so a sum is already
 * net of what was credited. Amounts are decimals in the currency's digits ("1800.00").
 */
import { csvResponse, csvStream, type CsvColumn } from '#server/platform/csv';
import { taxCategoryValues, type TaxCategory } from '#shared/invoices/codes';
import { rateHundredths } from '#shared/invoices/totals';
import type { Invoice } from '#shared/shapes/invoices';
import { decimalAmount } from './cii-xml';
import type { ExportPeriod } from './accountant-period';

interface Group {
  category: TaxCategory;
  rate: number;
}

const groupKey = (group: Group) => `${group.category}/${rateHundredths(group.rate)}`;
const groupName = (group: Group) => `${group.category} ${group.rate}%`;

/** Every group present in the period, in the order a document lists its groups. */
function periodGroups(documents: readonly Invoice[]): Group[] {
  const groups = new Map<string, Group>();
  for (const document of documents) {
    for (const { category, rate } of document.totals.groups) {
      groups.set(groupKey({ category, rate }), { category, rate });
    }
  }
  const order = (category: TaxCategory) => taxCategoryValues.indexOf(category);
  return [...groups.values()].sort(
    (a, b) => order(a.category) - order(b.category) || b.rate - a.rate,
  );
}

/** A credit note takes back what it names: its amounts count against the period's. */
const signOf = (document: Invoice) => (document.kind === 'credit_note' ? -1 : 1);
const money = (document: Invoice, minor: number) =>
  decimalAmount(signOf(document) * minor, document.currency);

function supplyOf(document: Invoice): string | null {
  if (document.supplyPeriod) return `${document.supplyPeriod.from}..${document.supplyPeriod.to}`;
  return document.supplyDate;
}

export function accountantColumns(documents: readonly Invoice[]): CsvColumn<Invoice>[] {
  const groupColumns = periodGroups(documents).flatMap((group): CsvColumn<Invoice>[] => {
    const of = (document: Invoice) =>
      document.totals.groups.find((g) => groupKey(g) === groupKey(group));
    const cell = (document: Invoice, field: 'base' | 'tax') => {
      const found = of(document);
      return found ? money(document, found[field]) : null;
    };
    return [
      { header: `net ${groupName(group)}`, value: (d) => cell(d, 'base') },
      { header: `tax ${groupName(group)}`, value: (d) => cell(d, 'tax') },
    ];
  });
  return [
    { header: 'number', value: (d) => d.number },
    { header: 'kind', value: (d) => d.kind },
    { header: 'role', value: (d) => d.role },
    { header: 'issue date', value: (d) => d.issueDate },
    { header: 'supply date or period', value: supplyOf },
    { header: 'due date', value: (d) => d.dueDate },
    { header: 'buyer name', value: (d) => d.buyer?.name ?? null },
    { header: 'buyer country', value: (d) => d.buyer?.country ?? null },
    { header: 'buyer VAT ID', value: (d) => d.buyer?.vatId ?? null },
    { header: 'currency', value: (d) => d.currency },
    ...groupColumns,
    { header: 'gross', value: (d) => money(d, d.totals.gross) },
    { header: 'prepaid', value: (d) => money(d, d.totals.prepaid) },
    { header: 'paid', value: (d) => decimalAmount(d.balance.paid, d.currency) },
    { header: 'credited', value: (d) => decimalAmount(d.balance.credited, d.currency) },
  ];
}

async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/** `invoices-2026-11-01-to-2026-11-30.csv`. */
export async function accountantCsv(
  documents: readonly Invoice[],
  period: ExportPeriod,
): Promise<Response> {
  return csvResponse(
    await csvStream(each(documents), accountantColumns(documents)),
    `invoices-${period.from}-to-${period.to}.csv`,
  );
}
