import type { proposalPayments } from '#db/schema';
import type { Payment } from '#shared/shapes/proposals';

export type PaymentRow = typeof proposalPayments.$inferSelect;

/** A stored payment as the API answers it (shared/shapes/proposals.ts `paymentOutput`). */
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
