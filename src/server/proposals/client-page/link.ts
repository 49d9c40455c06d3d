/**
 * A client's link (`/p/<token>`): the proposal it was sent with, and the version it shows. A
 * link whose version was replaced shows the newest version sent under the same number
 * (docs/proposals.md, "The steps"); a draft is never shown. The token is kept only as its hash;
 * an unknown one is answered after one read, without a write, and counted against the client's
 * address like every link's (platform/link-misses.ts).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Db } from '#db';
import { leads, proposals } from '#db/schema';
import { depositDue, depositPaid } from '#shared/proposal-payments';
import { PROPOSAL_PAGE_MESSAGES as M } from '#shared/proposal-page/texts';
import type { ClientProposal, DepositWay } from '#shared/shapes/proposal-page';
import type { Proposal } from '#shared/shapes/proposals';
import type { LeadBuyerShape } from '#shared/shapes/invoices';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import type { Context } from '#server/http/trpc';
import { lookedUpToken, type LinkLookup } from '#server/platform/link-misses';
import type { ProposalRow } from '../proposal-json';
import { proposalsJson } from '../proposal-store';
import { readProposalSettings } from '../settings';

export type StoredProposal = ProposalRow;

export const proposalNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });

/** The row the token was sent with (a draft is no link), or 404. */
export async function proposalOfToken(ctx: LinkLookup, token: string): Promise<StoredProposal> {
  const found = await lookedUpToken(ctx, token, async (hash) =>
    ctx.db.select().from(proposals).where(eq(proposals.tokenHash, hash)).get(),
  );
  if (!found || found.status === 'draft') throw proposalNotFound();
  return found;
}

/** The version a link shows: its own, or once replaced the newest sent under its number. */
export async function shownVersion(db: Db, link: StoredProposal): Promise<StoredProposal> {
  if (link.status !== 'replaced') return link;
  const newest = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.number, link.number), ne(proposals.status, 'draft')))
    .orderBy(desc(proposals.version))
    .get();
  return newest ?? link;
}

/** What of the deposit the page offers once the proposal is accepted. */
function depositWay(ctx: Context, proposal: Proposal): DepositWay {
  if (depositPaid(proposal)) return 'paid';
  if (proposal.status !== 'accepted' || proposal.depositAmount <= 0) return 'none';
  // With Stripe set up (docs/payments.md) the page offers Checkout, else the bank transfer.
  return ctx.config.stripe ? 'stripe' : 'bank';
}

/** The proposal as its client sees it: no id of the site's records. */
export async function clientProposal(
  ctx: Context,
  link: StoredProposal,
  shown: StoredProposal,
): Promise<ClientProposal> {
  const [p] = await proposalsJson(ctx, [shown]);
  if (!p) throw proposalNotFound();
  // The one rule of what is still owed, as Checkout asks it (payments/checkout.ts).
  const due = depositDue(p.depositAmount, p.payments);
  const way = depositWay(ctx, p);
  const bankTransferText =
    way === 'bank' ? (await readProposalSettings(ctx.db)).bankTransferText : null;
  return {
    number: p.number,
    version: p.version,
    linkVersion: link.version,
    title: p.title,
    summary: p.summary,
    items: p.items,
    currency: p.currency,
    deposit: p.deposit,
    total: p.total,
    depositAmount: p.depositAmount,
    depositDue: due,
    validUntil: p.validUntil,
    terms: p.terms,
    status: p.status,
    sentAt: p.sentAt,
    decidedAt: p.decidedAt,
    declineReason: p.declineReason,
    acceptance: p.acceptance,
    depositWay: way,
    bankTransferText,
    invoicing: invoicingOn(await readInvoiceSettings(ctx.db)),
    buyer: shown.leadId === null ? null : await buyerOfLead(ctx.db, shown.leadId),
  };
}

/** The lead's invoicing details, as the client gave them or the owner did. */
async function buyerOfLead(db: Db, leadId: number): Promise<LeadBuyerShape | null> {
  const lead = await db
    .select({ buyer: leads.buyer })
    .from(leads)
    .where(eq(leads.id, leadId))
    .get();
  return lead?.buyer ? (JSON.parse(lead.buyer) as LeadBuyerShape) : null;
}
