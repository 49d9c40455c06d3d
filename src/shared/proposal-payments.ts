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
