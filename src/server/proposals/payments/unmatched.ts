/**
 * Money the site did not ask for (docs/payments.md, "Money the site did not ask for"): a signed
 * Stripe event that would have been a payment or a refund but matches no Checkout Session this
 * site made, in its currency and amount, on an accepted proposal. It changes nothing; it is
 * kept here, in the write that takes the event's id, and listed to the owner, who settles it
 * in Stripe's dashboard (a refund, as a rule).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { proposals, stripeUnmatched } from '#db/schema';
import { UNMATCHED_PAGE_SIZE, type UnmatchedReason } from '#shared/proposal-payments';
import type { UnmatchedPayment } from '#shared/shapes/proposals';

export interface UnmatchedEvent {
  eventId: string;
  type: string;
  reason: UnmatchedReason;
  objectId: string | null;
  paymentRef: string | null;
  amount: number | null;
  /** ISO 4217 as Stripe sent it (lower case), kept upper case. */
  currency: string | null;
  proposalId: number | null;
  receivedAt: Date;
}

/** Keeps the event, inside the caller's write transaction (the one taking its id). */
export async function recordUnmatched(tx: Db, event: UnmatchedEvent): Promise<void> {
  await tx
    .insert(stripeUnmatched)
    .values({ ...event, currency: event.currency?.toUpperCase() ?? null })
    .onConflictDoNothing()
    .run();
}

/** The owner's list, newest first, a page at a time. */
export async function unmatchedPage(
  db: Db,
  page: number,
): Promise<{ events: UnmatchedPayment[]; total: number }> {
  const counted = await db.select({ total: count() }).from(stripeUnmatched).get();
  const rows = await db
    .select({ event: stripeUnmatched, number: proposals.number })
    .from(stripeUnmatched)
    .leftJoin(proposals, eq(proposals.id, stripeUnmatched.proposalId))
    .orderBy(desc(stripeUnmatched.receivedAt), desc(stripeUnmatched.id))
    .limit(UNMATCHED_PAGE_SIZE)
    .offset((page - 1) * UNMATCHED_PAGE_SIZE);
  return {
    events: rows.map(({ event, number }) => ({
      id: event.id,
      eventId: event.eventId,
      type: event.type,
      reason: event.reason,
      objectId: event.objectId,
      paymentRef: event.paymentRef,
      amount: event.amount,
      currency: event.currency,
      proposal:
        event.proposalId === null || number === null ? null : { id: event.proposalId, number },
      receivedAt: event.receivedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
