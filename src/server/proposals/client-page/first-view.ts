/**
 * The first view of a sent proposal (docs/proposals.md, "The client's page"): its status moves
 * from `sent` to `viewed` with `viewedAt`, the lead's timeline gets `proposal_viewed`, and the
 * owner is mailed. One conditional write decides it (`WHERE status = 'sent'`), so twenty views
 * at once move it, write the timeline and mail the owner once; every later view only reads.
 */
import { and, eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leadEvents, leads, proposals } from '#db/schema';
import type { Context } from '#server/http/trpc';
import type { StoredProposal } from './link';
import { notifyViewed } from './mails';
import { leadOf } from '../proposal-json';

/** The row after its first view (itself when it was no first view). */
export async function markViewed(ctx: Context, row: StoredProposal): Promise<StoredProposal> {
  if (row.status !== 'sent') return row;
  const now = ctx.clock.now();
  const viewed = await writeTransaction(ctx.db, async (tx) => {
    const changed = await tx
      .update(proposals)
      .set({ status: 'viewed', viewedAt: now, updatedAt: now })
      .where(and(eq(proposals.id, row.id), eq(proposals.status, 'sent')))
      .returning()
      .get();
    if (!changed) return null;
    await tx.insert(leadEvents).values({
      leadId: leadOf(changed),
      at: now,
      kind: 'proposal_viewed',
      proposalId: changed.id,
    });
    const lead = await tx
      .update(leads)
      .set({ lastActivityAt: now })
      .where(eq(leads.id, leadOf(changed)))
      .returning({ name: leads.name })
      .get();
    return { proposal: changed, lead };
  });
  if (!viewed) {
    // Another view got there first: read what it wrote.
    return (await ctx.db.select().from(proposals).where(eq(proposals.id, row.id)).get()) ?? row;
  }
  ctx.logger.info('proposal.viewed', { requestId: ctx.req.requestId, proposalId: row.id });
  notifyViewed(ctx, viewed.proposal, { name: viewed.lead?.name ?? '' }, now);
  return viewed.proposal;
}
