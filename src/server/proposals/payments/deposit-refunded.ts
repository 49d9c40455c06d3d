/**
 * What follows a refund of a deposit paid by card, in the refund's own write transaction
 * (docs/invoices.md, "Deposits"): with invoicing on, the invoices feature credits the deposit
 * invoice by what went back, so the books never show tax on money returned. Set by the app
 * (app/app-router.ts) for the reason deposit-paid.ts gives.
 */
import type { Db } from '#db';
import type { MailSite } from '#server/site/site-brand';
import { appHook } from '#server/platform/app-hook';

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

const effect = appHook<DepositRefundedEffect>(undefined);

/** Sets the one effect of a refund (the app does, once). */
export const onDepositRefunded = effect.set;

/** Runs it inside the refund's transaction: a failure rolls the refund back too. */
export const depositRefunded = effect.run;
