/**
 * The client declines a proposal (docs/proposals.md, "The client's page"), with an optional
 * reason: status `declined` with `decidedAt`, the lead's timeline gets `proposal_declined`
 * (which puts the lead in the attention block's `declined` list, leads/lead-attention.ts),
 * and the owner is mailed. Judged and written in one transaction, as accepting is.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { leadEvents, leads, proposals } from '#db/schema';
import { OPEN_PROPOSAL_STATUSES } from '#shared/proposals';
import type { ProposalDeclineInput } from '#shared/proposal-page/inputs';
import type { ClientProposal } from '#shared/shapes/proposal-page';
import type { Context } from '#server/http/trpc';
import { take } from '#server/platform/throttle';
import { closedMessage, proposalActionBuckets } from './answer-rules';
import { clientProposal, proposalNotFound, proposalOfToken, type StoredProposal } from './link';
import { siteToday } from '../proposal-store';
import { leadOf, shownStatus } from '../proposal-json';
import { notifyDeclined } from './mails';

type Outcome =
  | { kind: 'gone' }
  | { kind: 'closed'; message: string }
  | { kind: 'declined'; row: StoredProposal; leadName: string };

export async function declineProposal(
  ctx: Context,
  input: ProposalDeclineInput,
): Promise<ClientProposal> {
  const link = await proposalOfToken(ctx, input.token);
  const today = await siteToday(ctx);
  const now = ctx.clock.now();
  const reason = input.reason ? input.reason : null;

  const outcome = await writeTransaction(ctx.db, async (tx): Promise<Outcome> => {
    await take(tx, proposalActionBuckets(ctx, link.id), now);
    const row = await tx.select().from(proposals).where(eq(proposals.id, link.id)).get();
    if (!row) return { kind: 'gone' };
    const closed = closedMessage(shownStatus(row, today));
    if (closed) return { kind: 'closed', message: closed };
    const declined = await tx
      .update(proposals)
      .set({ status: 'declined', decidedAt: now, updatedAt: now, declineReason: reason })
      .where(and(eq(proposals.id, row.id), inArray(proposals.status, OPEN_PROPOSAL_STATUSES)))
      .returning()
      .get();
    if (!declined) return { kind: 'closed', message: closedMessage('declined') ?? '' };
    await tx.insert(leadEvents).values({
      leadId: leadOf(declined),
      at: now,
      kind: 'proposal_declined',
      proposalId: declined.id,
      text: reason,
    });
    const lead = await tx
      .update(leads)
      .set({ lastActivityAt: now })
      .where(eq(leads.id, leadOf(declined)))
      .returning({ name: leads.name })
      .get();
    return { kind: 'declined', row: declined, leadName: lead?.name ?? '' };
  });

  if (outcome.kind === 'gone') throw proposalNotFound();
  if (outcome.kind === 'closed')
    throw new TRPCError({ code: 'CONFLICT', message: outcome.message });
  ctx.logger.info('proposal.declined', {
    requestId: ctx.req.requestId,
    proposalId: outcome.row.id,
  });
  notifyDeclined(ctx, outcome.row, { name: outcome.leadName }, { at: now, reason });
  return clientProposal(ctx, outcome.row, outcome.row);
}
