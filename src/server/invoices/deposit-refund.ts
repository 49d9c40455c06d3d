/**
 * A deposit refunded by card (docs/invoices.md, "Deposits"): the deposit invoice it was paid
 * on is credited by what went back (card-refund.ts). Set as the proposals' refund effect by the
 * app (app/app-router.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices } from '#db/schema';
import type { DepositRefunded } from '#server/proposals/payments/deposit-refunded';
import { creditCardRefund } from './card-refund';
import type { InvoiceRow } from './invoice-json';

/** The deposit invoice the payment `ref` is on, if invoicing made one. */
async function depositInvoiceOf(tx: Db, refund: DepositRefunded): Promise<InvoiceRow | null> {
  const found = await tx
    .select({ invoice: invoices })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.provider, 'stripe'),
        eq(invoicePayments.providerRef, refund.paymentRef),
        eq(invoices.role, 'deposit'),
      ),
    )
    .get();
  return found?.invoice ?? null;
}

/** Never refuses (card-refund.ts). */
export async function creditDepositRefund(tx: Db, refund: DepositRefunded): Promise<void> {
  const invoice = await depositInvoiceOf(tx, refund);
  if (!invoice) return;
  await creditCardRefund(tx, { ...refund, invoice, what: 'your deposit' });
}
