/**
 * `charge.refunded` (docs/payments.md, "Stripe's webhook"): the charge's `amount_refunded` is
 * its total refunded so far. The payment of that payment intent gets it, capped at what was
 * paid (a refund never exceeds its payment), never lowered by an older event arriving late;
 * what it adds is written on the lead's timeline and told to the owner. A charge of no payment
 * recorded here is another feature's if its taker says so (other-sessions.ts: an invoice paid
 * on the client's page); else, or in another currency, it is kept as unmatched and changes
 * nothing. Inside the
 * write transaction that takes the event's id, so each event acts once.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#db';
import { leadEvents, leads, proposalPayments, proposals } from '#db/schema';
import { formatMoney } from '#shared/proposals';
import type { UnmatchedReason } from '#shared/proposal-payments';
import { idOf, type TakenEvent } from './paid-session';
import type { MailSite } from '#server/site/site-brand';
import { depositRefunded } from './deposit-refunded';
import type { RefundNotice } from './payment-mail';
import { takeOtherRefund, type OtherSessionOutcome } from './other-sessions';
import { recordUnmatched } from './unmatched';

export type RefundOutcome =
  | { outcome: 'refund recorded'; refund: RefundNotice }
  | Exclude<OtherSessionOutcome, { outcome: 'mismatch' }>
  | { outcome: 'unmatched'; reason: UnmatchedReason }
  | { outcome: 'ignored'; reason: string };

/** The timeline's words for a refund: what went back. */
export const refundText = (amount: number, currency: string) =>
  `Refund: ${formatMoney(amount, currency)} (card, Stripe)`;

export async function takeRefund(
  tx: Db,
  charge: Stripe.Charge,
  event: TakenEvent,
  site: MailSite,
): Promise<RefundOutcome> {
  const ref = idOf(charge.payment_intent);
  const payment = ref
    ? await tx
        .select()
        .from(proposalPayments)
        .where(and(eq(proposalPayments.provider, 'stripe'), eq(proposalPayments.providerRef, ref)))
        .get()
    : undefined;
  const other = payment ? null : await takeOtherRefund(tx, charge, event, site);
  if (other && other.outcome !== 'mismatch') return other;
  const proposal = payment
    ? await tx.select().from(proposals).where(eq(proposals.id, payment.proposalId)).get()
    : undefined;
  const reason: UnmatchedReason | null = other
    ? other.reason
    : !payment
      ? 'unknown-payment'
      : charge.currency.toUpperCase() !== payment.currency
        ? 'currency'
        : // A kept record (proposal-json.ts `leadOf`) is not changed: the owner settles it.
          proposal?.leadId === null
          ? 'erased'
          : null;
  if (reason || !payment || !proposal || proposal.leadId === null) {
    const why = reason ?? 'unknown-payment';
    await recordUnmatched(tx, {
      eventId: event.id,
      type: event.type,
      reason: why,
      objectId: charge.id,
      paymentRef: ref,
      amount: charge.amount_refunded,
      currency: charge.currency,
      proposalId: payment?.proposalId ?? null,
      receivedAt: event.now,
    });
    return { outcome: 'unmatched', reason: why };
  }

  const refunded = Math.min(Math.max(0, charge.amount_refunded), payment.amount);
  // An older total arriving late, or the same one told again: nothing new went back.
  if (refunded <= payment.refundedAmount) return { outcome: 'ignored', reason: 'no change' };
  await tx
    .update(proposalPayments)
    .set({ refundedAmount: refunded })
    .where(eq(proposalPayments.id, payment.id))
    .run();
  const added = refunded - payment.refundedAmount;
  await tx.insert(leadEvents).values({
    leadId: proposal.leadId,
    at: event.now,
    kind: 'payment_refunded',
    actor: null,
    text: refundText(added, payment.currency),
    proposalId: proposal.id,
  });
  await tx.update(leads).set({ lastActivityAt: event.now }).where(eq(leads.id, proposal.leadId));
  await depositRefunded(tx, {
    proposalId: proposal.id,
    paymentRef: payment.providerRef ?? '',
    amount: added,
    refundedSoFar: refunded,
    currency: payment.currency,
    refundedAt: event.created,
    now: event.now,
    site,
  });
  const lead = await tx.select().from(leads).where(eq(leads.id, proposal.leadId)).get();
  return {
    outcome: 'refund recorded',
    refund: {
      leadId: proposal.leadId,
      leadName: lead?.name ?? '',
      number: proposal.number,
      title: proposal.title,
      amount: added,
      currency: payment.currency,
      kept: payment.amount - refunded,
    },
  };
}
