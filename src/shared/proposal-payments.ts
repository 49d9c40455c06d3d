/**
 * What a proposal's payments add up to (docs/payments.md): written once for the
 * server (Checkout, the Overview, won value by source) and the pages that show "Deposit paid".
 */
export interface PaymentAmounts {
  amount: number;
  refundedAmount: number;
}

/** What was received and kept: each payment less what was refunded of it, in minor units. */
export function netPaid(payments: readonly PaymentAmounts[]): number {
  return payments.reduce((sum, p) => sum + Math.max(0, p.amount - p.refundedAmount), 0);
}

/**
 * What is still owed of the deposit, in minor units: 0 once the payments kept cover it (the
 * deposit is paid), the whole deposit while nothing is.
 */
export function depositDue(depositAmount: number, payments: readonly PaymentAmounts[]): number {
  return Math.max(0, depositAmount - netPaid(payments));
}

/**
 * Whether a proposal reads "Deposit paid" (docs/proposals.md): accepted, with a deposit that
 * the payments kept cover. The admin's status and the client's page say it by this one rule.
 */
export function depositPaid(proposal: {
  status: string;
  depositAmount: number;
  payments: readonly PaymentAmounts[];
}): boolean {
  return (
    proposal.status === 'accepted' &&
    proposal.depositAmount > 0 &&
    depositDue(proposal.depositAmount, proposal.payments) === 0
  );
}

/**
 * Why a signed Stripe event of money changed nothing (docs/payments.md, "Money the site did
 * not ask for"): listed to the owner, who settles it in Stripe's dashboard.
 */
export const unmatchedReasonValues = [
  'unknown-session',
  'currency',
  'amount',
  'not-accepted',
  'unknown-payment',
  'erased',
] as const;
export type UnmatchedReason = (typeof unmatchedReasonValues)[number];

/** The owner's words for each reason, in the admin's list. */
export const UNMATCHED_REASON_LABELS: Record<UnmatchedReason, string> = {
  'unknown-session': 'Not a Checkout this site made (a Payment Link, another app)',
  currency: 'Another currency than the one asked',
  amount: 'Another amount than the one asked',
  'not-accepted': 'The proposal was no longer accepted (withdrawn or replaced)',
  'unknown-payment': 'A refund of a payment this site did not record',
  erased: 'The client was erased: their signed proposal is kept as a record only',
};

/** The owner's list of unmatched events: this many a page. */
export const UNMATCHED_PAGE_SIZE = 25;
