import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The columns of the invoice row a query reads (a table's, or an alias's written raw). */
export interface OwedColumns {
  id: SQLWrapper;
  gross: SQLWrapper;
  prepaid: SQLWrapper;
}

/**
 * What an issued invoice still owes, in SQL, for queries over many rows (the invoices' list,
 * overdue first, and the Overview's figures): the rule of `outstanding` in
 * src/shared/invoices/records.ts, its due (gross less prepaid) less its issued credit notes'
 * gross and its payments (a card refund is a negative payment). Here, below every feature, so
 * that the two readers, which may not import each other, share one writing of it.
 */
export function invoiceOwed(i: OwedColumns): { credited: SQL<number>; owed: SQL<number> } {
  const credited = sql<number>`coalesce((select sum(n.gross) from invoices n
    where n.credits_invoice_id = ${i.id} and n.status = 'issued'), 0)`;
  const paid = sql<number>`coalesce((select sum(p.amount) from invoice_payments p
    where p.invoice_id = ${i.id}), 0)`;
  return { credited, owed: sql<number>`(${i.gross} - ${i.prepaid} - ${credited} - ${paid})` };
}
