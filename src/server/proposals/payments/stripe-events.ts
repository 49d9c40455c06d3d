/**
 * What a Stripe event does (docs/payments.md), once its signature is checked
 * (webhook-routes.ts). Each event id is taken in `stripe_events` in the same write
 * transaction as its effect: whichever instance, request or restart sees it first acts, every
 * other one finds it taken and does nothing. An effect that fails rolls the taking back, so
 * Stripe's retry acts then.
 */
import { and, eq, lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import { writeTransaction } from '#db';
import { leads, proposalPayments, proposals, stripeEvents } from '#db/schema';
import { notifyOwner, type OwnerNoticeDeps } from '#server/mail/owner-notice';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { mailSite } from '#server/site/site-brand';
import { parseSignature } from '../proposal-json';
import { clientReceiptMail, ownerPaymentMail, type PaidDeposit } from './payment-mail';
import { recordPayment } from './record-payment';

export type EventOutcome = 'taken before' | 'ignored' | 'recorded' | 'refund recorded';

/** A field that Stripe sends as an id, or as the object when expanded. */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The proposal a session names: `client_reference_id`, else its metadata. */
function proposalIdOf(session: Stripe.Checkout.Session): number | null {
  const raw = session.client_reference_id ?? session.metadata?.proposalId ?? null;
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export async function takeStripeEvent(
  deps: OwnerNoticeDeps,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const now = deps.clock.now();
  // Read before the write (it reads the saved content): only a payment's mails need it.
  const site = event.type.startsWith('checkout.session.') ? await mailSite(deps) : null;
  const result = await writeTransaction(deps.db, async (tx) => {
    const taken = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
      .all();
    if (taken.length === 0) return { outcome: 'taken before' as const };

    if (
      (event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded') &&
      event.data.object.payment_status === 'paid' &&
      site
    ) {
      const session = event.data.object;
      const proposalId = proposalIdOf(session);
      const proposal =
        proposalId === null
          ? undefined
          : await tx.select().from(proposals).where(eq(proposals.id, proposalId)).get();
      if (!proposal || session.amount_total === null || !session.currency) {
        return { outcome: 'ignored' as const, reason: 'no proposal of ours' };
      }
      const lead = await tx.select().from(leads).where(eq(leads.id, proposal.leadId)).get();
      const payment = await recordPayment(tx, {
        proposal,
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
        provider: 'stripe',
        // The payment intent is what a refund names; a session without one is its own ref.
        providerRef: idOf(session.payment_intent) ?? session.id,
        // When Stripe saw the payment complete (the event's time), not when we heard of it.
        paidAt: new Date(event.created * 1000),
        note: null,
        recordedBy: null,
        now,
      });
      // The same payment told by another event (completed, then async succeeded): once.
      if (!payment) return { outcome: 'ignored' as const, reason: 'payment known' };
      const paid: PaidDeposit = {
        leadId: proposal.leadId,
        leadName: lead?.name ?? '',
        number: proposal.number,
        title: proposal.title,
        amount: payment.amount,
        currency: payment.currency,
      };
      const to =
        parseSignature(proposal.acceptance)?.email ??
        session.customer_details?.email ??
        lead?.email;
      if (to) {
        await queueMail(
          tx,
          {
            kind: 'proposal',
            message: clientReceiptMail(to, paid, site),
            ref: `proposal-payment:${payment.id}`,
          },
          now,
        );
      }
      return { outcome: 'recorded' as const, paid };
    }

    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const ref = idOf(charge.payment_intent);
      if (!ref) return { outcome: 'ignored' as const, reason: 'no payment intent' };
      // The charge's total refunded so far: set, never added, and never lowered by an
      // older event arriving late.
      const changed = await tx
        .update(proposalPayments)
        .set({ refundedAmount: charge.amount_refunded })
        .where(
          and(
            eq(proposalPayments.provider, 'stripe'),
            eq(proposalPayments.providerRef, ref),
            lt(proposalPayments.refundedAmount, charge.amount_refunded),
          ),
        )
        .returning({ id: proposalPayments.id })
        .all();
      return changed.length > 0
        ? { outcome: 'refund recorded' as const }
        : { outcome: 'ignored' as const, reason: 'no change' };
    }
    return { outcome: 'ignored' as const, reason: 'not acted on' };
  });

  if (result.outcome === 'recorded') {
    const { paid } = result;
    void mailQueued(deps);
    notifyOwner(deps, 'notice', (to, mailSiteNow) => ownerPaymentMail(to, paid, mailSiteNow), {
      failed: 'payments.notice_failed',
      fields: { leadId: paid.leadId },
    });
  }
  deps.logger.info('payments.stripe_event', {
    event: event.id,
    type: event.type,
    outcome: result.outcome,
    ...('reason' in result ? { reason: result.reason } : {}),
  });
  return result.outcome;
}
