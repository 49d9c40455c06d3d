/**
 * A deposit refunded by card (docs/invoices.md, "Deposits"): the deposit invoice it was paid
 * on gets a credit note for what went back, split over the invoice's rates as the deposit was
 * (so its gross is exactly the refund), and the refund as a negative payment, so the invoice
 * reads paid (or credited, once all went back) and owes nothing either way. Issued in the
 * refund's write transaction, audited as the site's, mailed to the buyer with its PDF. Set as
 * the proposals' refund effect by the app (app/app-router.ts). A deposit invoice still a draft
 * gets the refund as a payment and a note on the lead: credit it once it is issued.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices, leadEvents } from '#db/schema';
import { dayIn } from '#shared/calendar-days';
import { formatMoney } from '#shared/money';
import { depositLines } from '#shared/proposal-vat';
import { auditInsert } from '#server/audit/record';
import { leadSubject } from '#server/audit/subjects';
import type { DepositRefunded } from '#server/proposals/payments/deposit-refunded';
import { creditItems } from './credit';
import { itemsOf, totalsOf, type InvoiceRow } from './invoice-json';
import { INVOICE_DATA_LINE, queueInvoiceMail } from './invoice-mail';

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

/** The credit note's items: the refund over the invoice's rates, each line's words kept. */
function refundItems(invoice: InvoiceRow, amount: number) {
  const totals = totalsOf(invoice);
  const lines = depositLines(totals, { kind: 'amount', value: amount });
  const items = itemsOf(invoice);
  return lines
    .filter((line) => line.net > 0)
    .map((line) => {
      const same = items.find((item) => item.category === line.category && item.rate === line.rate);
      return {
        description:
          `Refund: ${same?.description ?? `Deposit, invoice ${invoice.number ?? ''}`}`.slice(
            0,
            500,
          ),
        quantity: 1,
        unitCode: 'C62' as const,
        unitAmount: line.net,
        category: line.category ?? 'S',
        rate: line.rate,
      };
    });
}

export async function creditDepositRefund(tx: Db, refund: DepositRefunded): Promise<void> {
  const invoice = await depositInvoiceOf(tx, refund);
  if (!invoice) return;
  const money = formatMoney(refund.amount, refund.currency);
  await tx.insert(invoicePayments).values({
    invoiceId: invoice.id,
    amount: -refund.amount,
    currency: refund.currency,
    provider: 'stripe',
    // One row per refund Stripe reported: its running total names it.
    providerRef: `${refund.paymentRef}:refunded:${refund.refundedSoFar}`,
    paidAt: refund.refundedAt,
    note: 'Refund (card, Stripe)',
    createdAt: refund.now,
  });
  if (invoice.status !== 'issued') {
    if (invoice.leadId === null) return;
    await tx.insert(leadEvents).values({
      leadId: invoice.leadId,
      at: refund.now,
      kind: 'note',
      actor: null,
      text: `A refund of ${money} was made on a deposit whose invoice is still a draft: once it is issued, credit ${money} on it.`,
      proposalId: invoice.proposalId,
    });
    return;
  }
  const today = dayIn(refund.now, refund.site.timeZone);
  const note = await creditItems(
    tx,
    invoice.id,
    { items: refundItems(invoice, refund.amount), reason: `Refund of ${money} (card, Stripe)` },
    { today, now: refund.now, by: null },
    (row) =>
      auditInsert(tx, refund.now, {
        action: 'invoice_credited',
        actor: null,
        target: `${row.number ?? ''} credits ${invoice.number ?? ''}: refund by card`,
        ip: null,
        ...(invoice.leadId === null ? {} : { subject: leadSubject(invoice.leadId) }),
      }),
  );
  await queueInvoiceMail(tx, note, refund.site, refund.now, {
    subject: `Credit note ${note.number ?? ''}: refund of ${money}`,
    lines: [
      `We refunded ${money} of your deposit. Credit note ${note.number ?? ''} for invoice ${invoice.number ?? ''} is attached.`,
      INVOICE_DATA_LINE,
    ],
    ref: `invoice:${note.id}`,
    timeline: `Credit note ${note.number ?? ''} for invoice ${invoice.number ?? ''} (refund)`,
  });
}
