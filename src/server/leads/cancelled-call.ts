/**
 * A cancelled call hands an unanswered lead back (docs/leads.md, "Leads"): the booking
 * moved it from `new` to `meeting`; once no call of theirs is left and nobody has replied,
 * nothing is under way, so it is `new` again and waits in the attention block's first list.
 * Run in the cancellation's own write transaction.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { bookings, leadEvents, leads } from '#db/schema';

export async function afterCallCancelled(tx: Db, leadId: number, now: Date): Promise<void> {
  const lead = await tx
    .select({ status: leads.status, firstReplyAt: leads.firstReplyAt })
    .from(leads)
    .where(eq(leads.id, leadId))
    .get();
  if (!lead || lead.status !== 'meeting' || lead.firstReplyAt !== null) return;
  const otherCall = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), ne(bookings.status, 'cancelled')))
    .limit(1)
    .get();
  if (otherCall) return;
  // Only a lead the call took from `new`: one set to another status by hand (the owner
  // answered by phone, or from their own mail) keeps the meeting until they change it.
  const lastChange = await tx
    .select({ from: leadEvents.fromStatus })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'status_changed')))
    .orderBy(desc(leadEvents.at), desc(leadEvents.id))
    .limit(1)
    .get();
  if (lastChange?.from !== 'new') return;
  await tx.insert(leadEvents).values({
    leadId,
    at: now,
    kind: 'status_changed',
    status: 'new',
    fromStatus: 'meeting',
  });
  await tx
    .update(leads)
    .set({ status: 'new' })
    .where(and(eq(leads.id, leadId), sql`${leads.status} = 'meeting'`));
}
