/**
 * Reading proposals (docs/proposals.md): one with its payments, a lead's, and the list of every
 * lead's. Each read names the site's today, so an open proposal past its day reads `expired`.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { leads, proposalPayments, proposals } from '#db/schema';
import {
  OPEN_PROPOSAL_STATUSES,
  PROPOSALS_PAGE_SIZE,
  type ProposalStatus,
} from '#shared/proposals';
import type { ListedProposal, Proposal } from '#shared/shapes/proposals';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';
import type { Clock } from '#server/platform/clock';
import { dayIn, proposalJson, type PaymentRow, type ProposalRow } from './proposal-json';

/** What a read needs: the database, and the site's zone and clock for its today. */
export interface ProposalReadDeps {
  db: Db;
  config: SiteSettingsConfig;
  clock: Clock;
}

/** Today in the site's zone (YYYY-MM-DD). */
export async function siteToday(deps: ProposalReadDeps): Promise<string> {
  return dayIn(deps.clock.now(), (await siteSettings(deps)).timeZone);
}

export async function proposalRow(db: Db, id: number): Promise<ProposalRow | undefined> {
  return await db.select().from(proposals).where(eq(proposals.id, id)).get();
}

async function paymentsOf(db: Db, ids: number[]): Promise<Map<number, PaymentRow[]>> {
  const byProposal = new Map<number, PaymentRow[]>();
  if (ids.length === 0) return byProposal;
  const rows = await db
    .select()
    .from(proposalPayments)
    .where(inArray(proposalPayments.proposalId, ids))
    .orderBy(asc(proposalPayments.paidAt), asc(proposalPayments.id));
  for (const row of rows) {
    const list = byProposal.get(row.proposalId) ?? [];
    list.push(row);
    byProposal.set(row.proposalId, list);
  }
  return byProposal;
}

/** Rows as the API shows them, with their payments, on the site's today. */
export async function proposalsJson(
  deps: ProposalReadDeps,
  rows: readonly ProposalRow[],
): Promise<Proposal[]> {
  const payments = await paymentsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const today = await siteToday(deps);
  return rows.map((row) => proposalJson(row, payments.get(row.id) ?? [], today));
}

export async function proposalWithPayments(
  deps: ProposalReadDeps,
  id: number,
): Promise<Proposal | null> {
  const row = await proposalRow(deps.db, id);
  if (!row) return null;
  const [proposal] = await proposalsJson(deps, [row]);
  return proposal ?? null;
}

/** A lead's proposals, newest first (a revision after the version it replaces). */
export async function proposalsOfLead(deps: ProposalReadDeps, leadId: number): Promise<Proposal[]> {
  const rows = await deps.db
    .select()
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(desc(proposals.id));
  return proposalsJson(deps, rows);
}

/**
 * Every lead's proposals, newest first, 25 a page. The filter is on the stored status, but
 * `expired` is also shown for an open one past its day: that one is filtered in SQL too.
 */
export async function proposalsPage(
  deps: ProposalReadDeps,
  status: ProposalStatus | undefined,
  page: number,
): Promise<{ proposals: ListedProposal[]; total: number }> {
  const today = await siteToday(deps);
  const where = status ? statusWhere(status, today) : undefined;
  const counted = await deps.db.select({ total: count() }).from(proposals).where(where).get();
  const rows = await deps.db
    .select({
      proposal: proposals,
      lead: { id: leads.id, name: leads.name, email: leads.email, company: leads.company },
    })
    .from(proposals)
    .leftJoin(leads, eq(leads.id, proposals.leadId))
    .where(where)
    .orderBy(desc(proposals.id))
    .limit(PROPOSALS_PAGE_SIZE)
    .offset((page - 1) * PROPOSALS_PAGE_SIZE);
  const shown = await proposalsJson(
    deps,
    rows.map((row) => row.proposal),
  );
  return {
    proposals: shown.map((proposal, i) => ({ ...proposal, lead: rows[i]!.lead })),
    total: counted?.total ?? 0,
  };
}

/** The rows that show `status` on `today` (shownStatus in proposal-json.ts, in SQL). */
function statusWhere(status: ProposalStatus, today: string): SQL | undefined {
  const p = proposals;
  const pastDay = and(inArray(p.status, [...OPEN_PROPOSAL_STATUSES]), lt(p.validUntil, today));
  if (status === 'expired') return or(eq(p.status, 'expired'), pastDay);
  if ((OPEN_PROPOSAL_STATUSES as readonly string[]).includes(status)) {
    return and(eq(p.status, status), or(isNull(p.validUntil), gte(p.validUntil, today)));
  }
  return eq(p.status, status);
}
