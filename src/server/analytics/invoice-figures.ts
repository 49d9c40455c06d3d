/**
 * The Overview's invoices (docs/invoices.md, "The Overview"): per currency, what issued
 * invoices still owe, the part of it past the due day, and what invoice payments brought this
 * month, in the site's time zone. Read from the invoices' tables directly: analytics stands
 * below the invoices' feature (docs/architecture.md). What an invoice owes is the API's rule
 * (shared/invoices/records.ts `outstanding`), in SQL once for both (db/invoice-owed.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { invoiceOwed } from '#db/invoice-owed';
import type { InvoiceFigures } from '#shared/shapes/analytics';
import { dayOf } from './days';
import { monthOf } from './proposal-figures';

const n = (value: unknown) => Number(value ?? 0);

/** The row of the inner query below, by its alias. */
const owedOfRow = invoiceOwed({
  id: sql.raw('i.id'),
  gross: sql.raw('i.gross'),
  prepaid: sql.raw('i.prepaid'),
}).owed;

export async function invoiceFigures(db: Db, now: Date, timeZone: string): Promise<InvoiceFigures> {
  const today = dayOf(now, timeZone);
  const { start, end } = monthOf(now, timeZone);
  const [owed, paid] = await Promise.all([
    db.all<Record<'currency' | 'outstanding' | 'overdue', unknown>>(sql`
      select currency, sum(owed) as outstanding,
             sum(case when due_date < ${today} then owed else 0 end) as overdue
      from (
        select i.currency as currency, i.due_date as due_date,
               max(0, ${owedOfRow}) as owed
        from invoices i
        where i.kind = 'invoice' and i.status = 'issued'
      )
      group by currency`),
    db.all<Record<'currency' | 'amount', unknown>>(sql`
      select currency, sum(amount) as amount from invoice_payments
      where paid_at >= ${start.getTime()} and paid_at < ${end.getTime()}
        -- A card refund is a negative row (docs/invoices.md): money out, not paid in.
        and amount > 0
      group by currency`),
  ]);
  const rows = new Map<string, InvoiceFigures[number]>();
  const row = (currency: string) => {
    const found = rows.get(currency) ?? { currency, outstanding: 0, overdue: 0, paidThisMonth: 0 };
    rows.set(currency, found);
    return found;
  };
  for (const line of owed) {
    Object.assign(row(String(line.currency)), {
      outstanding: n(line.outstanding),
      overdue: n(line.overdue),
    });
  }
  for (const line of paid) row(String(line.currency)).paidThisMonth = n(line.amount);
  return [...rows.values()].sort(
    (a, b) => b.outstanding - a.outstanding || a.currency.localeCompare(b.currency),
  );
}
