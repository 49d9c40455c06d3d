/**
 * The answers of the `proposalClientPage` procedures (docs/proposals.md, "The client's page"): a
 * proposal as its client sees it through their link, with no id of the site's records in
 * it (no lead, no proposal id), and what the page offers for the deposit. The server's page
 * and the admin's live preview draw the same object (shared/proposal-page/).
 */
import { z } from 'zod/mini';
import { proposalStatusValues } from '../address-values';
import { depositKindValues } from '../proposals';
import { acceptanceOutput, proposalItemOutput } from './proposals';
import { leadBuyerOutput } from './invoices';

/** How the client pays the deposit once they accepted. */
export const depositWayValues = ['none', 'paid', 'stripe', 'bank'] as const;
export type DepositWay = (typeof depositWayValues)[number];

export const clientProposalOutput = z.strictObject({
  number: z.string(),
  version: z.number(),
  /** The version the link was sent with: below `version` when a newer one replaced it. */
  linkVersion: z.number(),
  title: z.string(),
  /** Markdown. */
  summary: z.string(),
  items: z.array(proposalItemOutput),
  currency: z.string(),
  deposit: z.nullable(z.strictObject({ kind: z.enum(depositKindValues), value: z.number() })),
  /** Minor units (cents), computed by the server. */
  total: z.number(),
  depositAmount: z.number(),
  /**
   * What is still owed of the deposit: the deposit less the payments kept (net of refunds),
   * 0 once paid (shared/proposal-payments.ts, `depositDue`). The page asks this, as Checkout does.
   */
  depositDue: z.number(),
  /** A day (YYYY-MM-DD) in the site's zone: the last day it can be accepted. */
  validUntil: z.nullable(z.string()),
  /** Markdown. */
  terms: z.string(),
  /** As shown: an open proposal past `validUntil` reads `expired`. */
  status: z.enum(proposalStatusValues),
  sentAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  declineReason: z.nullable(z.string()),
  acceptance: z.nullable(acceptanceOutput),
  /**
   * The deposit once accepted: `none` (no deposit, or not accepted), `paid`, `stripe` (the
   * page offers "Pay the deposit") or `bank` (the owner's bank-transfer text).
   */
  depositWay: z.enum(depositWayValues),
  /** The owner's bank-transfer text when `depositWay` is `bank`, else null. */
  bankTransferText: z.nullable(z.string()),
  /**
   * Invoicing is on (docs/invoices.md): once accepted, the page asks the client's invoicing
   * details, `buyer` (null until given), which their invoices will name.
   */
  invoicing: z.boolean(),
  buyer: z.nullable(leadBuyerOutput),
});
export type ClientProposal = z.infer<typeof clientProposalOutput>;

/** Each procedure answers the proposal as the client now sees it (REST: `{ proposal }`). */
export const outputs = {
  view: clientProposalOutput,
  accept: clientProposalOutput,
  decline: clientProposalOutput,
  buyer: clientProposalOutput,
};
