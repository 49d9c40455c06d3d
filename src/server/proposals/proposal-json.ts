/**
 * A stored proposal as the API and the pages read it (docs/proposals.md), and the one rule of
 * what it shows: an open proposal (sent or viewed) past its `validUntil` day, in the site's
 * zone, reads `expired` whether or not anything wrote that yet.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import type { proposalPayments, proposals } from '#db/schema';
import {
  OPEN_PROPOSAL_STATUSES,
  proposalAmounts,
  type ProposalItem,
  type ProposalStatus,
} from '#shared/proposals';
import {
  proposalItemOutput,
  signatureRecord,
  type Payment,
  type Proposal,
  type Signature,
} from '#shared/shapes/proposals';

export type ProposalRow = typeof proposals.$inferSelect;
export type PaymentRow = typeof proposalPayments.$inferSelect;

/** The answer to any change of a kept record (docs/proposals.md, "Records"). */
export const KEPT_RECORD_MESSAGE =
  'This signed proposal is a record kept after its client was erased: it can be read, not changed.';

/**
 * The lead a proposal is for. A signed proposal kept after its person was erased has none: it
 * is read (the admin, its PDF), never changed, so every change asks here first and is refused.
 */
export function leadOf(row: { leadId: number | null }): number {
  if (row.leadId === null) throw new TRPCError({ code: 'CONFLICT', message: KEPT_RECORD_MESSAGE });
  return row.leadId;
}

/** The items as stored (`proposals.items`, JSON): the answer's own schema reads them back. */
const storedItems = z.array(proposalItemOutput);

/** The day `at` falls on in a zone (its one rule is shared with the admin's editor). */
export { dayIn } from '#shared/calendar-days';

/** The status a proposal shows on `today` (a day in the site's zone). */
export function shownStatus(
  row: Pick<ProposalRow, 'status' | 'validUntil'>,
  today: string,
): ProposalStatus {
  const open = (OPEN_PROPOSAL_STATUSES as readonly string[]).includes(row.status);
  return open && row.validUntil !== null && row.validUntil < today ? 'expired' : row.status;
}

export function parseItems(json: string): ProposalItem[] {
  return storedItems.parse(JSON.parse(json));
}

/** The signature kept with an accepted proposal (`proposals.acceptance`), or null before. */
export function parseSignature(json: string | null): Signature | null {
  return json === null ? null : signatureRecord.parse(JSON.parse(json));
}

export function paymentJson(row: PaymentRow): Payment {
  return {
    id: row.id,
    proposalId: row.proposalId,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    providerRef: row.providerRef,
    paidAt: row.paidAt.toISOString(),
    refundedAmount: row.refundedAmount,
    note: row.note,
  };
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function proposalJson(
  row: ProposalRow,
  payments: readonly PaymentRow[],
  today: string,
): Proposal {
  const signature = parseSignature(row.acceptance);
  const items = parseItems(row.items);
  // The gross and the deposit are stored (queries sum them); net and tax come from the items.
  const { net, tax } = proposalAmounts(items, null);
  return {
    id: row.id,
    leadId: row.leadId,
    number: row.number,
    title: row.title,
    summary: row.summary,
    items,
    currency: row.currency,
    deposit:
      row.depositKind === null || row.depositValue === null
        ? null
        : { kind: row.depositKind, value: row.depositValue },
    net,
    tax,
    total: row.total,
    depositAmount: row.depositAmount,
    validUntil: row.validUntil,
    terms: row.terms,
    status: shownStatus(row, today),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    decidedAt: iso(row.decidedAt),
    declineReason: row.declineReason,
    acceptance:
      signature === null || row.documentHash === null
        ? null
        : {
            name: signature.name,
            email: signature.email,
            at: signature.at,
            documentHash: row.documentHash,
          },
    payments: payments.map(paymentJson),
  };
}
