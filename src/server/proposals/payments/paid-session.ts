/**
 * A paid Checkout Session, as Stripe's webhook tells it (docs/payments.md, "Stripe's
 * webhook"). It is a payment only for a session this site made (`stripe_checkouts`, stored by
 * checkout.ts), in the currency and for the amount the site asked, while its proposal is
 * accepted. Anything else (a Payment Link's session naming a proposal, another currency or
 * amount, a proposal withdrawn since) is kept as unmatched and changes nothing: no payment,
 * no timeline entry, no mail. Inside the write transaction that takes the event's id.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#db';
import { leads, proposals, stripeCheckouts } from '#db/schema';
import type { UnmatchedReason } from '#shared/proposal-payments';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import type { MailSite } from '#server/site/site-brand';
import { parseSignature } from '../proposal-json';
import { clientReceiptMail, type PaidDeposit } from './payment-mail';
import { recordPayment } from './record-payment';
import { takeOtherSession, type OtherSessionOutcome } from './other-sessions';
import { recordUnmatched } from './unmatched';

export type SessionOutcome =
  | { outcome: 'recorded'; paid: PaidDeposit }
  | Extract<OtherSessionOutcome, { outcome: 'recorded elsewhere' }>
  | { outcome: 'unmatched'; reason: UnmatchedReason }
  | { outcome: 'ignored'; reason: string };

/** A field that Stripe sends as an id, or as the object when expanded. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface TakenEvent {
  id: string;
  type: string;
  /** When Stripe saw it happen. */
  created: Date;
  /** When the site heard of it. */
  now: Date;
}

/** Why a session is not the payment the site asked for, or null when it is. */
function mismatch(
  session: Stripe.Checkout.Session,
  asked: typeof stripeCheckouts.$inferSelect | undefined,
  status: string | undefined,
): UnmatchedReason | null {
  if (!asked) return 'unknown-session';
  if (session.currency?.toUpperCase() !== asked.currency) return 'currency';
  if (session.amount_total !== asked.amount) return 'amount';
  if (status !== 'accepted') return 'not-accepted';
  return null;
}

/** Money for a kept record (proposal-json.ts `leadOf`) changes nothing: the owner settles it. */
const erased = (proposal: { leadId: number | null } | undefined) =>
  proposal !== undefined && proposal.leadId === null ? ('erased' as const) : null;

export async function takePaidSession(
  tx: Db,
  session: Stripe.Checkout.Session,
  event: TakenEvent,
  site: MailSite,
): Promise<SessionOutcome> {
  const asked = await tx
    .select()
    .from(stripeCheckouts)
    .where(eq(stripeCheckouts.sessionId, session.id))
    .get();
  const proposal = asked
    ? await tx.select().from(proposals).where(eq(proposals.id, asked.proposalId)).get()
    : undefined;
  const paymentRef = idOf(session.payment_intent);
  const other = asked ? null : await takeOtherSession(tx, session, event);
  if (other && other.outcome !== 'mismatch') return other;
  const reason = other?.reason ?? mismatch(session, asked, proposal?.status) ?? erased(proposal);
  if (reason || !asked || !proposal || proposal.leadId === null) {
    const why = reason ?? 'unknown-session';
    await recordUnmatched(tx, {
      eventId: event.id,
      type: event.type,
      reason: why,
      objectId: session.id,
      paymentRef,
      amount: session.amount_total,
      currency: session.currency,
      proposalId: proposal?.id ?? null,
      receivedAt: event.now,
    });
    return { outcome: 'unmatched', reason: why };
  }

  const payment = await recordPayment(tx, {
    proposal: { id: proposal.id, leadId: proposal.leadId },
    amount: asked.amount,
    currency: asked.currency,
    provider: 'stripe',
    // The payment intent is what a refund names; a session without one is its own ref.
    providerRef: paymentRef ?? session.id,
    paidAt: event.created,
    note: null,
    recordedBy: null,
    now: event.now,
    witness: { actor: null, ip: null, site },
  });
  // The same payment told by another event (completed, then async succeeded): once.
  if (!payment) return { outcome: 'ignored', reason: 'payment known' };
  await tx
    .update(stripeCheckouts)
    .set({ paymentId: payment.id })
    .where(eq(stripeCheckouts.sessionId, session.id))
    .run();
  const lead = await tx.select().from(leads).where(eq(leads.id, proposal.leadId)).get();
  const paid: PaidDeposit = {
    leadId: proposal.leadId,
    leadName: lead?.name ?? '',
    number: proposal.number,
    title: proposal.title,
    amount: payment.amount,
    currency: payment.currency,
  };
  // To the address that signed (else the lead's): never one the payer typed at Stripe.
  const to = parseSignature(proposal.acceptance)?.email ?? lead?.email;
  if (to) {
    await queueMail(
      tx,
      {
        kind: 'proposal',
        message: clientReceiptMail(to, paid, site, invoicingOn(await readInvoiceSettings(tx))),
        ref: `proposal-payment:${payment.id}`,
      },
      event.now,
    );
  }
  return { outcome: 'recorded', paid };
}
