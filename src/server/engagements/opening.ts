/**
 * Opening an engagement (docs/engagements.md, "Opening"): by the acceptance of a proposal, in
 * its transaction (the app sets `openOnAcceptance` as the acceptance's effect), or by the
 * owner on a lead (POST `/api/leads/:id/engagement`), which answers the lead's engagement when
 * it has one: one write transaction checks and opens, so tries sent at once open one.
 */
import { and, desc, eq, notExists } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Db } from '#db';
import { engagements, leads, proposals } from '#db/schema';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import type { ProposalAcceptedEffect } from '#server/proposals/client-page/proposal-accepted';
import {
  engagementOfLead,
  openEngagement,
  type EngagementRow,
  type OpenedWith,
} from './engagement-store';

/** The acceptance's effect: the proposal's engagement and its first link's path. */
export const openOnAcceptance: ProposalAcceptedEffect = async (tx, accepted) => {
  const opened = await openEngagement(
    tx,
    { leadId: accepted.leadId, proposalId: accepted.proposalId, title: accepted.title },
    accepted.now,
  );
  return opened ? { pagePath: `/e/${opened.token}` } : null;
};

/**
 * What the owner's engagement on a lead follows: the lead's newest accepted proposal that has
 * none yet, else nothing (then it is named after the lead).
 */
async function openedWith(tx: Db, leadId: number): Promise<OpenedWith> {
  const lead = await tx
    .select({ name: leads.name, company: leads.company })
    .from(leads)
    .where(eq(leads.id, leadId))
    .get();
  if (!lead) throw new TRPCError({ code: 'NOT_FOUND', message: M.noLeadEngagement });
  const proposal = await tx
    .select({ id: proposals.id, title: proposals.title })
    .from(proposals)
    .where(
      and(
        eq(proposals.leadId, leadId),
        eq(proposals.status, 'accepted'),
        notExists(tx.select().from(engagements).where(eq(engagements.proposalId, proposals.id))),
      ),
    )
    .orderBy(desc(proposals.id))
    .get();
  if (proposal) return { leadId, proposalId: proposal.id, title: proposal.title };
  return { leadId, proposalId: null, title: `Work with ${lead.company ?? lead.name}` };
}

/**
 * The lead's engagement: the existing one (`created` false), or one opened now with its first
 * link (the token, for the one mail that carries it). Call it in a write transaction.
 */
export async function openForLead(
  tx: Db,
  leadId: number,
  now: Date,
): Promise<
  { row: EngagementRow; created: false } | { row: EngagementRow; created: true; token: string }
> {
  const existing = await engagementOfLead(tx, leadId);
  if (existing) return { row: existing, created: false };
  const opened = await openEngagement(tx, await openedWith(tx, leadId), now);
  // The proposal was checked free in this same transaction: nothing else can take it.
  if (!opened) throw new Error('an engagement appeared inside a write transaction');
  return { row: opened.row, created: true, token: opened.token };
}
