/**
 * What a Stripe event does (docs/payments.md), once its signature is checked
 * (webhook-routes.ts). Each event id is taken in `stripe_events` in the same write
 * transaction as its effect: whichever instance, request or restart sees it first acts, every
 * other one finds it taken and does nothing. An effect that fails rolls the taking back, so
 * Stripe's retry acts then. A paid session (paid-session.ts) and a refund (refund.ts) count
 * only for what the site asked for; anything else is kept as unmatched and changes nothing.
 */
import type Stripe from 'stripe';
import { writeTransaction } from '#db';
import { stripeEvents } from '#db/schema';
import { notifyOwner, type OwnerNoticeDeps } from '#server/mail/owner-notice';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import { takePaidSession, type SessionOutcome, type TakenEvent } from './paid-session';
import { ownerPaymentMail, ownerRefundMail } from './payment-mail';
import { takeRefund, type RefundOutcome } from './refund';

export type EventOutcome =
  | 'taken before'
  | 'ignored'
  | 'unmatched'
  | 'recorded'
  | 'recorded elsewhere'
  | 'refund recorded';

type Outcome = SessionOutcome | RefundOutcome | { outcome: 'taken before' };

/** A paid Checkout Session: completed paid, or paid later (a payment method that settles late). */
function paidSession(event: Stripe.Event): Stripe.Checkout.Session | null {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  ) {
    return null;
  }
  return event.data.object.payment_status === 'paid' ? event.data.object : null;
}

export async function takeStripeEvent(
  deps: OwnerNoticeDeps,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const now = deps.clock.now();
  const session = paidSession(event);
  // Read before the write (it reads the saved content): a payment's receipt and a refund's
  // credit note need it.
  const site = session || event.type === 'charge.refunded' ? await mailSite(deps) : null;
  const taken: TakenEvent = {
    id: event.id,
    type: event.type,
    // When Stripe saw it happen (a payment's time), not when we heard of it.
    created: new Date(event.created * 1000),
    now,
  };
  const result = await writeTransaction(deps.db, async (tx): Promise<Outcome> => {
    const first = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
      .all();
    if (first.length === 0) return { outcome: 'taken before' };
    if (session && site) return takePaidSession(tx, session, taken, site);
    if (event.type === 'charge.refunded' && site) {
      return takeRefund(tx, event.data.object, taken, site);
    }
    return { outcome: 'ignored', reason: 'not acted on' };
  });

  if (result.outcome === 'recorded') {
    const { paid } = result;
    void mailQueued(deps);
    notifyOwner(deps, 'notice', (to, mailSiteNow) => ownerPaymentMail(to, paid, mailSiteNow), {
      failed: 'payments.notice_failed',
      fields: { leadId: paid.leadId },
    });
  }
  if (result.outcome === 'recorded elsewhere') {
    const { notice } = result;
    notifyOwner(deps, 'notice', notice.mail, {
      failed: 'payments.notice_failed',
      fields: { leadId: notice.leadId },
    });
  }
  if (result.outcome === 'refund recorded') {
    const { refund } = result;
    notifyOwner(deps, 'notice', (to, mailSiteNow) => ownerRefundMail(to, refund, mailSiteNow), {
      failed: 'payments.notice_failed',
      fields: { leadId: refund.leadId },
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
