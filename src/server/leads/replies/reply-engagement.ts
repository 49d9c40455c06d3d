/**
 * The engagement a reply to a lead shows on (docs/engagements.md, "The thread"): the active
 * engagement the client last wrote on, so the answer goes where the question was; else the
 * lead's latest active one (one per accepted proposal); else none. Read
 * from the shared `engagements` table in the reply's own transaction: leads stand below
 * engagements in the features' order and import nothing of that feature; a query of its
 * table is all a reply needs, and no hook passed in by the composition could be simpler or
 * more current.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { engagements, leadEvents } from '#db/schema';

export async function activeEngagementOf(tx: Db, leadId: number): Promise<number | null> {
  const askedOn = await tx
    .select({ id: engagements.id })
    .from(leadEvents)
    .innerJoin(engagements, eq(engagements.id, leadEvents.engagementId))
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        eq(leadEvents.kind, 'reply_received'),
        eq(engagements.status, 'active'),
      ),
    )
    .orderBy(desc(leadEvents.id))
    .limit(1)
    .get();
  if (askedOn) return askedOn.id;
  const row = await tx
    .select({ id: engagements.id })
    .from(engagements)
    .where(and(eq(engagements.leadId, leadId), eq(engagements.status, 'active')))
    .orderBy(desc(engagements.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}
