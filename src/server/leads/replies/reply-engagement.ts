/**
 * The engagement a reply to a lead shows on (docs/engagements.md, "The thread"): the lead's
 * active engagement, the latest when several are (one per accepted proposal), else none. Read
 * from the shared `engagements` table in the reply's own transaction: leads stand below
 * engagements in the features' order and import nothing of that feature; a query of its
 * table is all a reply needs, and no hook passed in by the composition could be simpler or
 * more current.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { engagements } from '#db/schema';

export async function activeEngagementOf(tx: Db, leadId: number): Promise<number | null> {
  const row = await tx
    .select({ id: engagements.id })
    .from(engagements)
    .where(and(eq(engagements.leadId, leadId), eq(engagements.status, 'active')))
    .orderBy(desc(engagements.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}
