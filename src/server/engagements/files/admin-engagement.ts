/**
 * The engagement an admin path names by its id, as its parts receive it (engagement-ref.ts):
 * 404 when there is none.
 */
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Db } from '#db';
import { engagements } from '#db/schema';
import type { EngagementRef } from '../engagement-ref';

export const NO_ENGAGEMENT = 'No such engagement.';

export async function engagementOfId(db: Db, id: number): Promise<EngagementRef> {
  const row = await db
    .select({
      id: engagements.id,
      leadId: engagements.leadId,
      status: engagements.status,
      clientUploads: engagements.clientUploads,
    })
    .from(engagements)
    .where(eq(engagements.id, id))
    .get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NO_ENGAGEMENT });
  return row;
}
