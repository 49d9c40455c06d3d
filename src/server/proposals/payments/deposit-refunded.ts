/**
 * What follows a refund of a deposit paid by card, in the refund's own write transaction
 * (docs/invoices.md, "Deposits"): with invoicing on, the invoices feature credits the deposit
 * invoice by what went back, so the books never show tax on money returned. Set by the app
 * (app/app-router.ts) for the reason deposit-paid.ts gives.
 */
import type { Db } from '#db';
import type { MailSite } from '#server/site/site-brand';

export interface DepositRefunded {
  proposalId: number;
  /** Stripe's payment intent of the payment refunded. */
  paymentRef: string;
  /** Minor units, gross: what went back with this event. */
  amount: number;
  /** Minor units refunded of the payment so far, this event included. */
  refundedSoFar: number;
  currency: string;
  /** When Stripe made the refund (the event's time). */
  refundedAt: Date;
  now: Date;
  site: MailSite;
}

export type DepositRefundedEffect = (tx: Db, refund: DepositRefunded) => Promise<void>;

let effect: DepositRefundedEffect | null = null;

/** Sets the one effect of a refund (the app does, once). */
export function onDepositRefunded(next: DepositRefundedEffect): void {
  effect = next;
}

/** Runs it inside the refund's transaction: a failure rolls the refund back too. */
export async function depositRefunded(tx: Db, refund: DepositRefunded): Promise<void> {
  if (effect) await effect(tx, refund);
}
