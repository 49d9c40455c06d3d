/**
 * What a client signs (docs/proposals.md, "What is signed"): the version as shown, written as
 * one canonical JSON (fixed key order, no spaces, items in their order), and its SHA-256. The
 * same stored version always gives the same bytes and so the same hash: the PDF made again
 * later carries the hash the acceptance recorded.
 */
import { createHash } from 'node:crypto';
import type { Proposal } from '#shared/shapes/proposals';

/** The fields the client sees, in the one order they are hashed in. */
export type SignedDocument = Pick<
  Proposal,
  | 'number'
  | 'version'
  | 'title'
  | 'summary'
  | 'items'
  | 'currency'
  | 'deposit'
  | 'total'
  | 'depositAmount'
  | 'validUntil'
  | 'terms'
>;

export function canonicalDocument(proposal: SignedDocument): string {
  // Built key by key, not spread: the order is part of what is signed.
  return JSON.stringify({
    number: proposal.number,
    version: proposal.version,
    title: proposal.title,
    summary: proposal.summary,
    items: proposal.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitAmount: item.unitAmount,
    })),
    currency: proposal.currency,
    deposit: proposal.deposit && { kind: proposal.deposit.kind, value: proposal.deposit.value },
    total: proposal.total,
    depositAmount: proposal.depositAmount,
    validUntil: proposal.validUntil,
    terms: proposal.terms,
  });
}

/** SHA-256 of the canonical JSON, in lower-case hex. */
export function documentHash(proposal: SignedDocument): string {
  return createHash('sha256').update(canonicalDocument(proposal), 'utf8').digest('hex');
}
