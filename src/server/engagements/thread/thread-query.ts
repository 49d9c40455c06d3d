/**
 * One engagement's thread, oldest first: the lead's timeline rows that name it (a client's
 * message is a `reply_received`, the owner's reply a `reply_sent`). Nothing else of the lead's
 * timeline is in it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { leadEvents } from '#db/schema';
import type { ThreadMessage } from '#shared/shapes/engagements';

export async function threadOfEngagement(db: Db, engagementId: number): Promise<ThreadMessage[]> {
  const rows = await db
    .select({ id: leadEvents.id, kind: leadEvents.kind, text: leadEvents.text, at: leadEvents.at })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.engagementId, engagementId),
        inArray(leadEvents.kind, ['reply_received', 'reply_sent']),
      ),
    )
    .orderBy(asc(leadEvents.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    from: row.kind === 'reply_received' ? 'client' : 'owner',
    text: row.text ?? '',
    at: row.at.toISOString(),
  }));
}
