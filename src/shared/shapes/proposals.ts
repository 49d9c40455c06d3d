/**
 * The answers of the `proposals` procedures (docs/proposals.md), as the `.output(...)` schema
 * of each procedure: tRPC checks every answer against it, and the OpenAPI document describes
 * the REST answers with it (docs/api.md, "OpenAPI"). A proposal and a payment are written once
 * here; their TypeScript types are derived from them.
 */
import { z } from 'zod/mini';
import { proposalStatusValues } from '../address-values';
import { depositKindValues, paymentProviderValues } from '../proposals';
import { unmatchedReasonValues } from '../proposal-payments';
import { taxCategoryValues } from '../invoices/codes';

/** Amounts are integers in minor units (cents); times ISO 8601, UTC; days YYYY-MM-DD. */
export const paymentOutput = z.strictObject({
  id: z.number(),
  proposalId: z.number(),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(paymentProviderValues),
  /** Stripe's payment intent, or null for a payment recorded by hand. */
  providerRef: z.nullable(z.string()),
  paidAt: z.string(),
  refundedAmount: z.number(),
  /** The owner's note on a payment recorded by hand. */
  note: z.nullable(z.string()),
});
export type Payment = z.infer<typeof paymentOutput>;

export const proposalItemOutput = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unitAmount: z.number(),
  /** VAT (docs/invoices.md, "Proposals and deposits"); absent on an item without it. */
  category: z.optional(z.enum(taxCategoryValues)),
  rate: z.optional(z.number()),
});

/**
 * The client's signature of a proposal (docs/proposals.md, "The client's page"), declared once:
 * the acceptance writes it as the JSON of `proposals.acceptance`, every reader parses that JSON
 * with it, the PDF's certificate prints it, and the answers show its name, address and time
 * (`acceptanceOutput`). Not strict: a stored record is read as it was written.
 */
export const signatureRecord = z.object({
  /** The full name the client typed. */
  name: z.string(),
  email: z.string(),
  /**
   * How the address was known to be theirs: the one the proposal was sent to, or another that
   * a 6-digit code mailed to it proved. Unset in signatures kept before it was recorded.
   */
  emailProof: z.optional(z.enum(['recipient', 'code'])),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** The client's address cut to its network: 203.0.113.0/24 (IPv6: /48). */
  ip: z.string(),
  userAgent: z.string(),
});
export type Signature = z.infer<typeof signatureRecord>;

const signed = signatureRecord.shape;
export const acceptanceOutput = z.strictObject({
  name: signed.name,
  email: signed.email,
  at: signed.at,
  /** SHA-256 (hex) of the canonical JSON of the version accepted. */
  documentHash: z.string(),
});
export type Acceptance = z.infer<typeof acceptanceOutput>;

export const proposalOutput = z.strictObject({
  id: z.number(),
  /** Null for a signed proposal kept after its person was erased (docs/proposals.md, "Records"). */
  leadId: z.nullable(z.number()),
  number: z.string(),
  title: z.string(),
  summary: z.string(),
  items: z.array(proposalItemOutput),
  currency: z.string(),
  deposit: z.nullable(z.strictObject({ kind: z.enum(depositKindValues), value: z.number() })),
  /** The items' nets summed, their tax, and `total` the gross (what the client pays). */
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  depositAmount: z.number(),
  validUntil: z.nullable(z.string()),
  terms: z.string(),
  status: z.enum(proposalStatusValues),
  version: z.number(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  viewedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The client's reason when declined. */
  declineReason: z.nullable(z.string()),
  acceptance: z.nullable(acceptanceOutput),
  payments: z.array(paymentOutput),
});
export type Proposal = z.infer<typeof proposalOutput>;

/** A row of the Proposals list: the proposal and whom it is for (null once they were erased). */
export const listedProposalOutput = z.strictObject({
  ...proposalOutput.shape,
  lead: z.nullable(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      company: z.nullable(z.string()),
    }),
  ),
});
export type ListedProposal = z.infer<typeof listedProposalOutput>;

export const proposalSettingsOutput = z.strictObject({
  currency: z.string(),
  bankTransferText: z.string(),
  priceList: z.string(),
  /** The terms a new proposal starts with (Markdown). */
  defaultTerms: z.string(),
});

/**
 * A signed Stripe event of money the site did not ask for (docs/payments.md): it changed
 * nothing. The ids find it in Stripe's dashboard.
 */
export const unmatchedPaymentOutput = z.strictObject({
  id: z.number(),
  /** Stripe's event id (`evt_…`). */
  eventId: z.string(),
  type: z.string(),
  reason: z.enum(unmatchedReasonValues),
  /** The Checkout Session's (`cs_…`) or the charge's (`ch_…`) id. */
  objectId: z.nullable(z.string()),
  /** The payment intent (`pi_…`). */
  paymentRef: z.nullable(z.string()),
  /** Minor units of `currency`: a session's total, or a charge's total refunded. */
  amount: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  /** The proposal a Checkout of this site's was for, when it was one. */
  proposal: z.nullable(z.strictObject({ id: z.number(), number: z.string() })),
  receivedAt: z.string(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentOutput>;

export const outputs = {
  ofLead: z.strictObject({ proposals: z.array(proposalOutput) }),
  one: z.strictObject({ proposal: proposalOutput }),
  list: z.strictObject({
    proposals: z.array(listedProposalOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  payment: z.strictObject({ payment: paymentOutput, proposal: proposalOutput }),
  settings: z.strictObject({ settings: proposalSettingsOutput }),
  unmatched: z.strictObject({
    events: z.array(unmatchedPaymentOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};
