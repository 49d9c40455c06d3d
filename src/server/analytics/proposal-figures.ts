/**
 * The Overview's proposals (docs/api.md, "Analytics: events and the report"): how many are out
 * now, how many were accepted this calendar month, and what was paid on them this month, per
 * currency. "This month" is the site's time zone's, whatever the report's range. Read from the
 * proposals' tables directly: analytics stands below the proposals' feature.
 */
import { and, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#db';
import { proposalPayments, proposals } from '#db/schema';
import { OPEN_PROPOSAL_STATUSES } from '#shared/proposals';
import { netPaid } from '#shared/proposal-payments';
import type { ProposalFigures } from '#shared/shapes/analytics';
import { dayOf, dayStart } from './days';

/** The first instants of this month and the next in the zone. */
export function monthOf(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = dayOf(now, timeZone);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: dayStart(`${today.slice(0, 7)}-01`, timeZone), end: dayStart(next, timeZone) };
}

export async function proposalFigures(
  db: Db,
  now: Date,
  timeZone: string,
): Promise<ProposalFigures> {
  const today = dayOf(now, timeZone);
  const { start, end } = monthOf(now, timeZone);
  const [out, accepted, paid] = await Promise.all([
    db.$count(
      proposals,
      and(
        inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
        // Past its last day it reads `expired` (docs/proposals.md).
        or(isNull(proposals.validUntil), gte(proposals.validUntil, today)),
      ),
    ),
    db.$count(
      proposals,
      and(
        eq(proposals.status, 'accepted'),
        gte(proposals.decidedAt, start),
        lt(proposals.decidedAt, end),
      ),
    ),
    db
      .select({
        currency: proposalPayments.currency,
        amount: proposalPayments.amount,
        refundedAmount: proposalPayments.refundedAmount,
      })
      .from(proposalPayments)
      .where(and(gte(proposalPayments.paidAt, start), lt(proposalPayments.paidAt, end)))
      .all(),
  ]);
  const byCurrency = new Map<string, typeof paid>();
  for (const payment of paid) {
    byCurrency.set(payment.currency, [...(byCurrency.get(payment.currency) ?? []), payment]);
  }
  return {
    out,
    acceptedThisMonth: accepted,
    depositsPaid: [...byCurrency]
      .map(([currency, payments]) => ({ currency, amount: netPaid(payments) }))
      .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
  };
}
