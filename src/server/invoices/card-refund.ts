/**
 * Money that went back by card on an issued invoice (docs/invoices.md, "Refunds"): a credit
 * note for what went back, split over the invoice's rates (its gross the refund, or the cent
 * above where a rate skips it), and the refund as a negative payment, so the invoice reads paid
 * (or credited, once all went back) and owes nothing either way: never reminded for money
 * returned. Issued in the refund's write transaction, audited as the site's, mailed to the
 * buyer with its PDF. A draft (a deposit invoice not issued yet) gets the refund as a payment,
 * its reminders stopped and a note on the lead: credit it once it is issued. Used by a
 * deposit's refund (deposit-refund.ts) and by a refund of a payment made on the client's page
 * (invoice-page/refunded-payment.ts).
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices } from '#db/schema';
import { dayIn } from '#shared/calendar-days';
import { formatMoney } from '#shared/money';
import { invoiceTotals } from '#shared/invoices/totals';
import { auditInsert } from '#server/audit/record';
import { leadSubject } from '#server/audit/subjects';
import type { MailSite } from '#server/site/site-brand';
import { creditedSoFar, creditItems, itemsForGross } from './credit';
import type { InvoiceRow } from './invoice-json';
import { INVOICE_DATA_LINE, queueInvoiceMail } from './invoice-mail';
import { noteOnLead } from './lead-note';

export interface CardRefund {
  invoice: InvoiceRow;
  /** Stripe's payment intent of the payment refunded. */
  paymentRef: string;
  /** Minor units, gross: what went back with this event. */
  amount: number;
  /** Minor units refunded of the payment so far, this event included: names its row. */
  refundedSoFar: number;
  currency: string;
  refundedAt: Date;
  now: Date;
  site: MailSite;
  /** What was refunded, in the client's mail: "your deposit", "your payment of INV-…". */
  what: string;
}

/** The refund's items over the invoice's rates. */
const refundItems = (invoice: InvoiceRow, amount: number) =>
  itemsForGross(invoice, amount, 'Refund: ');

const grossOf = (items: ReturnType<typeof refundItems>) => invoiceTotals(items).gross;

/**
 * The credit note's items for a refund, never more than is still creditable (the owner may
 * have credited part by hand). A rate can skip the cent asked (at 20 %, no net gives a gross
 * of 10.05): then the cent above, so the invoice ends owing nothing rather than one cent
 * that would read overdue and be reminded. None when nothing is left to credit.
 */
function refundCredit(invoice: InvoiceRow, amount: number, creditable: number) {
  const wanted = Math.min(amount, creditable);
  if (wanted <= 0) return null;
  const exact = refundItems(invoice, wanted);
  if (grossOf(exact) === wanted || wanted + 1 > creditable) return exact;
  const above = refundItems(invoice, wanted + 1);
  return grossOf(above) === wanted + 1 ? above : exact;
}

/**
 * Never refuses: the refund is Stripe's fact and stays recorded (the payment, the owner's
 * notice). What cannot be credited is said on the lead instead.
 */
export async function creditCardRefund(tx: Db, refund: CardRefund): Promise<void> {
  const { invoice } = refund;
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
  // Only a deposit invoice carries a card payment while still a draft.
  if (invoice.status !== 'issued') {
    // Issued later, it would read overdue for what went back: no reminders for it.
    await tx.update(invoices).set({ remindersStopped: true }).where(eq(invoices.id, invoice.id));
    await noteOnLead(
      tx,
      invoice,
      refund.now,
      `A refund of ${money} was made on a deposit whose invoice is still a draft: once it is issued, credit ${money} on it. Its reminders are stopped.`,
    );
    return;
  }
  const { creditable } = await creditedSoFar(tx, invoice);
  const items = refundCredit(invoice, refund.amount, creditable);
  // Credited whole by hand already: the refund's payment alone settles it.
  if (!items) return;
  const today = dayIn(refund.now, refund.site.timeZone);
  let note: InvoiceRow;
  try {
    note = await creditItems(
      tx,
      invoice.id,
      { items, reason: `Refund of ${money} (card, Stripe)` },
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
  } catch (error) {
    // Refused before any number was taken (credit.ts checks everything first).
    if (!(error instanceof TRPCError)) throw error;
    await noteOnLead(
      tx,
      invoice,
      refund.now,
      `No credit note for the refund of ${money} on invoice ${invoice.number ?? ''}: ${error.message}. Credit it by hand once that is fixed.`,
    );
    return;
  }
  await queueInvoiceMail(tx, note, refund.site, refund.now, {
    subject: `Credit note ${note.number ?? ''}: refund of ${money}`,
    lines: [
      `We refunded ${money} of ${refund.what}. Credit note ${note.number ?? ''} for invoice ${invoice.number ?? ''} is attached.`,
      INVOICE_DATA_LINE,
    ],
    ref: `invoice:${note.id}`,
    timeline: `Credit note ${note.number ?? ''} for invoice ${invoice.number ?? ''} (refund)`,
  });
}
