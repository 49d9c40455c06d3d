/**
 * STAND-IN until main's proposal-store.ts lands (the merger's core): only the one read the
 * payments use, `proposalWithPayments`, with the same name and answer. Main's file replaces
 * this one whole at the merge.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { proposalPayments, proposals } from '#db/schema';
import type { Proposal } from '#shared/shapes/proposals';
import { paymentJson } from './payments/payment-json';

export async function proposalWithPayments(db: Db, id: number): Promise<Proposal | null> {
  const row = await db.select().from(proposals).where(eq(proposals.id, id)).get();
  if (!row) return null;
  const payments = await db
    .select()
    .from(proposalPayments)
    .where(eq(proposalPayments.proposalId, id))
    .orderBy(asc(proposalPayments.id))
    .all();
  const acceptance = row.acceptance
    ? (JSON.parse(row.acceptance) as { name: string; email: string; at: string })
    : null;
  return {
    id: row.id,
    leadId: row.leadId,
    number: row.number,
    title: row.title,
    summary: row.summary,
    items: JSON.parse(row.items) as Proposal['items'],
    currency: row.currency,
    deposit:
      row.depositKind && row.depositValue !== null
        ? { kind: row.depositKind, value: row.depositValue }
        : null,
    total: row.total,
    depositAmount: row.depositAmount,
    validUntil: row.validUntil,
    terms: row.terms,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    acceptance: acceptance
      ? {
          name: acceptance.name,
          email: acceptance.email,
          at: acceptance.at,
          documentHash: row.documentHash ?? '',
        }
      : null,
    payments: payments.map(paymentJson),
  };
}
