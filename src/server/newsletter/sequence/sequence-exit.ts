/**
 * Stops an address's welcome sequence for good (docs/newsletter.md, "Welcome sequence"): the
 * address sent an enquiry, booked a call or unsubscribed. One statement, run in the write that
 * stores the enquiry or the booking, so no step can be queued after it commits. Addresses are
 * compared as the subscribers' unique index does (lower()); a reason already set is kept.
 * It sits below the features that stop the sequence (contact, booking, newsletter), so none of
 * them imports another for it (docs/architecture.md, "The layers").
 */
import { and, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { subscribers } from '#db/schema';
import type { SequenceExit } from '#shared/outbox';

export function stopSequence(
  db: Db,
  exit: SequenceExit,
  email: Placeholder | string,
  /** Only when this holds too (a batch's "the enquiry was stored"). */
  condition?: SQL,
) {
  return db
    .update(subscribers)
    .set({ sequenceExited: exit })
    .where(
      and(
        sql`lower(${subscribers.email}) = lower(${email})`,
        isNull(subscribers.sequenceExited),
        condition,
      ),
    );
}

/** For an update of the subscriber's own row (the unsubscribe): the reason, unless one is set. */
export const sequenceExitUnlessSet = (exit: SequenceExit) =>
  sql`coalesce(${subscribers.sequenceExited}, ${exit})`;
