/**
 * The accountant's CSV (docs/invoices.md, "Handing the files to your accountant"): one row per
 * issued document of the period, in issue order. Each tax group (category and rate) of the
 * period has its own pair of columns, "net S 19%" and "tax S 19%", so a column sums to the
 * period's base or tax at that rate; a credit note's amounts are negative, so a sum is already
 * net of what was credited. A final invoice's groups are the whole order's: "prepaid tax" is the
 * tax its deducted deposit invoices carried, declared when they were issued. Amounts are
 * decimals in the currency's digits ("1800.00").
 */
import { csvResponse, csvStream, type CsvColumn } from '#server/platform/csv';
import { taxCategoryValues, type TaxCategory } from '#shared/invoices/codes';
import { rateHundredths } from '#shared/invoices/totals';
import type { Invoice } from '#shared/shapes/invoices';
import { decimalAmount } from './cii-xml';
import type { ExportDocument, ExportPeriod } from './accountant-period';

interface Group {
  category: TaxCategory;
  rate: number;
}

const groupKey = (group: Group) => `${group.category}/${rateHundredths(group.rate)}`;
const groupName = (group: Group) => `${group.category} ${group.rate}%`;

/** Every group present in the period, in the order a document lists its groups. */
function periodGroups(documents: readonly ExportDocument[]): Group[] {
  const groups = new Map<string, Group>();
  for (const { invoice } of documents) {
    for (const { category, rate } of invoice.totals.groups) {
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

type Cell = string | number | null;

/** A column of the document's answer. */
const column = (header: string, value: (invoice: Invoice) => Cell): CsvColumn<ExportDocument> => ({
  header,
  value: (document) => value(document.invoice),
});

function groupColumns(documents: readonly ExportDocument[]): CsvColumn<ExportDocument>[] {
  return periodGroups(documents).flatMap((group) => {
    const cell = (invoice: Invoice, field: 'base' | 'tax') => {
      const found = invoice.totals.groups.find((g) => groupKey(g) === groupKey(group));
      return found ? money(invoice, found[field]) : null;
    };
    return [
      column(`net ${groupName(group)}`, (d) => cell(d, 'base')),
      column(`tax ${groupName(group)}`, (d) => cell(d, 'tax')),
    ];
  });
}

export function accountantColumns(
  documents: readonly ExportDocument[],
): CsvColumn<ExportDocument>[] {
  return [
    column('number', (d) => d.number),
    column('kind', (d) => d.kind),
    column('role', (d) => d.role),
    column('issue date', (d) => d.issueDate),
    column('supply date or period', supplyOf),
    column('due date', (d) => d.dueDate),
    column('buyer name', (d) => d.buyer?.name ?? null),
    column('buyer country', (d) => d.buyer?.country ?? null),
    column('buyer VAT ID', (d) => d.buyer?.vatId ?? null),
    column('currency', (d) => d.currency),
    ...groupColumns(documents),
    column('gross', (d) => money(d, d.totals.gross)),
    column('prepaid', (d) => money(d, d.totals.prepaid)),
    {
      header: 'prepaid tax',
      value: ({ invoice, prepaidTax }) => money(invoice, prepaidTax),
    },
    column('paid', (d) => decimalAmount(d.balance.paid, d.currency)),
    column('credited', (d) => decimalAmount(d.balance.credited, d.currency)),
  ];
}

async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/** `invoices-2026-11-01-to-2026-11-30.csv`. */
export async function accountantCsv(
  documents: readonly ExportDocument[],
  period: ExportPeriod,
): Promise<Response> {
  return csvResponse(
    await csvStream(each(documents), accountantColumns(documents)),
    `invoices-${period.from}-to-${period.to}.csv`,
  );
}
