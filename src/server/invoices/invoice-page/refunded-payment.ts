/**
 * A refund of a payment made on the client's invoice page (docs/invoices.md, "Refunds"), as
 * Stripe's webhook tells it: the proposals' webhook asks this before counting a refund of no
 * proposal payment unmatched (payments/other-sessions.ts). The charge's `amount_refunded` is
 * its running total: what it adds to the refunds already recorded of that payment, capped at
 * the payment, goes on the lead's timeline and is credited on the invoice (card-refund.ts), so
 * the invoice never reads owed, nor is reminded, for money that went back. Each total acts
 * once; an older one arriving late adds nothing.
 */
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#db';
import { invoicePayments, invoices, leadEvents, leads } from '#db/schema';
import { formatMoney } from '#shared/money';
import type { OtherSessionOutcome } from '#server/proposals/payments/other-sessions';
import { idOf, type TakenEvent } from '#server/proposals/payments/paid-session';
import type { MailSite } from '#server/site/site-brand';
import { creditCardRefund } from '../card-refund';
import { parseJson } from '../invoice-json';
import type { FrozenBuyer } from '../issued-document';
import { ownerInvoiceRefundMail } from './owner-paid-mail';

/** The card payment `ref` made on an invoice, with its invoice. */
async function cardPaymentOf(tx: Db, ref: string) {
  return tx
    .select({ payment: invoicePayments, invoice: invoices })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.provider, 'stripe'),
        eq(invoicePayments.providerRef, ref),
        gt(invoicePayments.amount, 0),
      ),
    )
    .get();
}

/** What was recorded as refunded of that payment so far (its refunds are negative rows). */
async function refundedBefore(tx: Db, invoiceId: number, ref: string): Promise<number> {
  const row = await tx
    .select({ total: sql<number>`coalesce(-sum(${invoicePayments.amount}), 0)` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        like(invoicePayments.providerRef, `${ref}:refunded:%`),
      ),
    )
    .get();
  return row?.total ?? 0;
}

export async function takeInvoiceRefund(
  tx: Db,
  charge: Stripe.Charge,
  event: TakenEvent,
  site: MailSite,
): Promise<OtherSessionOutcome | null> {
  const ref = idOf(charge.payment_intent);
  const found = ref ? await cardPaymentOf(tx, ref) : undefined;
  if (!ref || !found) return null;
  const { payment, invoice } = found;
  if (charge.currency.toUpperCase() !== payment.currency) {
    return { outcome: 'mismatch', reason: 'currency' };
  }
  const soFar = Math.min(Math.max(0, charge.amount_refunded), payment.amount);
  const before = await refundedBefore(tx, invoice.id, ref);
  if (soFar <= before) return { outcome: 'ignored', reason: 'no change' };
  const amount = soFar - before;
  const number = invoice.number ?? '';
  if (invoice.leadId !== null) {
    await tx.insert(leadEvents).values({
      leadId: invoice.leadId,
      at: event.now,
      kind: 'payment_refunded',
      text: `Invoice ${number} refunded: ${formatMoney(amount, payment.currency)} (card, Stripe)`,
      proposalId: invoice.proposalId,
    });
    await tx.update(leads).set({ lastActivityAt: event.now }).where(eq(leads.id, invoice.leadId));
  }
  await creditCardRefund(tx, {
    invoice,
    paymentRef: ref,
    amount,
    refundedSoFar: soFar,
    currency: payment.currency,
    refundedAt: event.created,
    now: event.now,
    site,
    what: `your payment of invoice ${number}`,
  });
  const refunded = {
    invoiceId: invoice.id,
    number,
    buyerName: parseJson<FrozenBuyer>(invoice.buyer)?.name ?? '',
    amount,
    currency: payment.currency,
  };
  return {
    outcome: 'recorded elsewhere',
    notice: {
      leadId: invoice.leadId,
      mail: (to, mailSite) => ownerInvoiceRefundMail(to, refunded, mailSite),
    },
  };
}
