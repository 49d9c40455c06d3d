/**
 * The period of the accountant's files (docs/invoices.md, "Handing the files to your
 * accountant"): the issue days from and to, both included; a day not given is the first or
 * the last of the current month in the site's zone. The documents are the issued ones of it.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { invoices } from '#db/schema';
import type { InvoiceExportInput } from '#shared/invoices/accountant-export';
import type { Invoice } from '#shared/shapes/invoices';
import type { DeductedDeposit } from './document';
import { invoicesJson, siteToday, type InvoiceReadDeps } from './invoice-store';
import { parseJson, type InvoiceRow } from './invoice-json';

export interface ExportPeriod {
  from: string;
  to: string;
}

/** The last day of the month of `day` (YYYY-MM-DD). */
function monthEnd(day: string): string {
  // Day 0 of the next month is this month's last.
  const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0));
  return `${day.slice(0, 7)}-${String(last.getUTCDate()).padStart(2, '0')}`;
}

export async function exportPeriod(
  deps: InvoiceReadDeps,
  input: InvoiceExportInput,
): Promise<ExportPeriod> {
  if (input.from && input.to) return { from: input.from, to: input.to };
  const today = await siteToday(deps);
  return { from: input.from ?? `${today.slice(0, 7)}-01`, to: input.to ?? monthEnd(today) };
}

/** The issued rows of the period, by issue day then number (ids follow the numbers). */
export async function periodRows(
  deps: InvoiceReadDeps,
  period: ExportPeriod,
): Promise<InvoiceRow[]> {
  return await deps.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'issued'),
        gte(invoices.issueDate, period.from),
        lte(invoices.issueDate, period.to),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
}

/** A document as the CSV reads it: the API's answer, and the tax of the deposits it deducts. */
export interface ExportDocument {
  invoice: Invoice;
  /**
   * A final invoice's groups are the whole order's; the deposit invoices it deducts were
   * issued, and their tax declared, before: this is the part of its tax they already carried.
   */
  prepaidTax: number;
}

export async function periodDocuments(
  deps: InvoiceReadDeps,
  period: ExportPeriod,
): Promise<ExportDocument[]> {
  const rows = await periodRows(deps, period);
  const answers = await invoicesJson(deps, rows);
  return answers.map((invoice, i) => ({
    invoice,
    prepaidTax: (parseJson<DeductedDeposit[]>(rows[i]?.deposits ?? null) ?? []).reduce(
      (sum, deposit) => sum + deposit.tax,
      0,
    ),
  }));
}
