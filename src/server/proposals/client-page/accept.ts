/**
 * The client accepts a proposal (docs/proposals.md, "The client's page"): a simple electronic
 * signature, the typed name, the address (the lead's, or another proven by a mailed code),
 * and the box ticked. What is recorded: `{ name, email, at, ip (/24), userAgent }` and the
 * document hash of the exact version shown (proposal-json.ts). The proposal turns `accepted`;
 * the lead moves to `won` with the total as its value unless the owner set one; both sides are
 * mailed. One write transaction judges the try and makes every change, with a conditional
 * update (`WHERE status IN ('sent', 'viewed')`), so twenty tries at once accept once and the
 * others answer 409; accepting again answers 409 and changes nothing. The same transaction
 * opens the work's page (proposal-accepted.ts), whose link goes in the client's copy.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { leadEvents, leads, proposals } from '#db/schema';
import { OPEN_PROPOSAL_STATUSES, wholeUnits } from '#shared/proposals';
import type { ProposalAcceptInput } from '#shared/proposal-page/inputs';
import type { ClientProposal } from '#shared/shapes/proposal-page';
import type { Proposal, Signature } from '#shared/shapes/proposals';
import type { Context } from '#server/http/trpc';
import { logAddress } from '#server/platform/address';
import { mailSite } from '#server/site/site-brand';
import { take } from '#server/platform/throttle';
import { documentHash } from '../document-hash';
import { leadOf, proposalJson } from '../proposal-json';
import { proveAddress, sendCode, wrongCode, type AddressProof } from './accept-code';
import { closedMessage, proposalActionBuckets } from './answer-rules';
import { clientProposal, proposalNotFound, proposalOfToken, type StoredProposal } from './link';
import { siteToday } from '../proposal-store';
import { sendAcceptanceMails } from './mails';
import { proposalAccepted } from './proposal-accepted';

/** What a browser says it is, as the signature keeps it: one line, at most this long. */
const USER_AGENT_MAX = 500;

type LeadRow = typeof leads.$inferSelect;

type Outcome =
  | { kind: 'gone' }
  | { kind: 'closed'; message: string }
  | { kind: 'proof'; proof: Exclude<AddressProof, { kind: 'proven' }> }
  | {
      kind: 'accepted';
      row: StoredProposal;
      lead: LeadRow;
      documentHash: string;
      pagePath: string | null;
    };

/**
 * The lead is won: its status (a `status_changed` entry, as a change by hand writes) and its
 * value, the total in whole units, unless the owner set one.
 */
async function leadWon(tx: Db, lead: LeadRow, proposal: Proposal, now: Date): Promise<void> {
  const changes: Partial<LeadRow> = { lastActivityAt: now };
  if (lead.status !== 'won') {
    changes.status = 'won';
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      at: now,
      kind: 'status_changed',
      status: 'won',
      fromStatus: lead.status,
    });
  }
  if (lead.value === null) changes.value = wholeUnits(proposal.total, proposal.currency);
  await tx.update(leads).set(changes).where(eq(leads.id, lead.id));
}

export async function acceptProposal(
  ctx: Context,
  input: ProposalAcceptInput,
): Promise<ClientProposal> {
  const link = await proposalOfToken(ctx, input.token);
  const today = await siteToday(ctx);
  const site = await mailSite(ctx);
  const email = input.email.toLowerCase();
  const now = ctx.clock.now();
  const userAgent = (ctx.req.headers.get('user-agent') ?? '')
    .replace(/[\p{Cc}\u0085\u2028\u2029]+/gu, ' ')
    .slice(0, USER_AGENT_MAX);

  const outcome = await writeTransaction(ctx.db, async (tx): Promise<Outcome> => {
    // Counted first, whatever comes of the try: 429 outranks 409 (docs/api.md).
    await take(tx, proposalActionBuckets(ctx, link.id), now);
    const row = await tx.select().from(proposals).where(eq(proposals.id, link.id)).get();
    if (!row) return { kind: 'gone' };
    // What the client sees (payments play no part in it), the one version signed.
    const shown = proposalJson(row, [], today);
    const closed = closedMessage(shown.status);
    if (closed) return { kind: 'closed', message: closed };
    const lead = await tx
      .select()
      .from(leads)
      .where(eq(leads.id, leadOf(row)))
      .get();
    if (!lead) return { kind: 'gone' };
    const ownAddress = email === lead.email.toLowerCase();
    if (!ownAddress) {
      const proof = await proveAddress(
        tx,
        ctx,
        { proposal: row, email, code: input.code, site },
        now,
      );
      if (proof.kind !== 'proven') return { kind: 'proof', proof };
    }
    const hash = documentHash(shown);
    const acceptance: Signature = {
      name: input.name,
      email: input.email,
      emailProof: ownAddress ? 'recipient' : 'code',
      at: now.toISOString(),
      ip: logAddress(ctx.req.ip),
      userAgent,
    };
    const accepted = await tx
      .update(proposals)
      .set({
        status: 'accepted',
        decidedAt: now,
        updatedAt: now,
        acceptance: JSON.stringify(acceptance),
        documentHash: hash,
      })
      .where(and(eq(proposals.id, row.id), inArray(proposals.status, OPEN_PROPOSAL_STATUSES)))
      .returning()
      .get();
    if (!accepted) return { kind: 'closed', message: closedMessage('accepted') ?? '' };
    // The acceptance first, then the move to Won it causes: the timeline lists entries of one
    // moment in the order they were written (by time, then id; docs/proposals.md, "The steps").
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      at: now,
      kind: 'proposal_accepted',
      proposalId: accepted.id,
      actor: input.email,
      text: input.name,
    });
    await leadWon(tx, lead, shown, now);
    const opened = await proposalAccepted(tx, {
      proposalId: accepted.id,
      leadId: lead.id,
      title: accepted.title,
      now,
    });
    return {
      kind: 'accepted',
      row: accepted,
      lead,
      documentHash: hash,
      pagePath: opened?.pagePath ?? null,
    };
  });

  if (outcome.kind === 'gone') throw proposalNotFound();
  if (outcome.kind === 'closed')
    throw new TRPCError({ code: 'CONFLICT', message: outcome.message });
  if (outcome.kind === 'proof') {
    const { proof } = outcome;
    if (proof.kind === 'wrong') throw wrongCode(proof.triesLeft);
    return sendCode(ctx, proof, { proposalId: link.id, email });
  }
  const { row, lead } = outcome;
  ctx.logger.info('proposal.accepted', { requestId: ctx.req.requestId, proposalId: row.id });
  sendAcceptanceMails(ctx, {
    proposal: row,
    lead,
    acceptance: {
      name: input.name,
      email: input.email,
      at: now.toISOString(),
      documentHash: outcome.documentHash,
    },
    pageUrl: new URL(`/p/${input.token}`, site.address).href,
    workPageUrl: outcome.pagePath ? new URL(outcome.pagePath, site.address).href : null,
  });
  return clientProposal(ctx, row, row);
}
