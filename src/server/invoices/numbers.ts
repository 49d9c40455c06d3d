/**
 * Invoice numbers (docs/invoices.md, "Numbers"): each series (its prefix) counts per year in a
 * row of `invoice_numbers`, taken inside the write transaction that issues the document. The
 * count moves only when the issue commits, so the numbers have no gap and none twice, across
 * instances and restarts (a counter row, never a count of rows or a number kept in memory).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { invoiceNumbers } from '#db/schema';
import { invoiceNumber } from '#shared/invoices/records';

/** The next number of `series` in `year`: `INV-2026-0001` for the year's first. */
export async function nextInvoiceNumber(tx: Db, series: string, year: number): Promise<string> {
  const row = await tx
    .insert(invoiceNumbers)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumbers.series, invoiceNumbers.year],
      set: { last: sql`${invoiceNumbers.last} + 1` },
    })
    .returning({ last: invoiceNumbers.last })
    .get();
  return invoiceNumber(series, year, row.last);
}

/** Whether `series` gave a number in `year`: its prefix is then fixed until the year ends. */
export async function seriesUsed(db: Db, series: string, year: number): Promise<boolean> {
  const row = await db
    .select({ last: invoiceNumbers.last })
    .from(invoiceNumbers)
    .where(and(eq(invoiceNumbers.series, series), eq(invoiceNumbers.year, year)))
    .get();
  return row !== undefined;
}
