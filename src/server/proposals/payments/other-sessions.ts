/**
 * A paid Checkout Session no proposal asked for may be another feature's: the client's invoice
 * page makes its own (docs/invoices.md, "The client's page"); so may the refund of a payment
 * that no proposal took. Such a taker is asked first, in the event's write transaction, before
 * the session or the refund counts as unmatched. Proposals come before
 * invoices in the layers (docs/architecture.md), so the app sets it (app/app-router.ts), as
 * it sets the deposit's effect (deposit-paid.ts).
 */
import type Stripe from 'stripe';
import type { Db } from '#db';
import type { UnmatchedReason } from '#shared/proposal-payments';
import type { MailMessage } from '#server/platform/mail';
import type { MailSite } from '#server/site/site-brand';
import type { TakenEvent } from './paid-session';
import { appHook } from '#server/platform/app-hook';

/** What the owner is told of a payment the taker recorded, once its write has committed. */
export interface OtherPaymentNotice {
  leadId: number | null;
  mail: (to: string, site: MailSite) => MailMessage;
}

export type OtherSessionOutcome =
  | { outcome: 'recorded elsewhere'; notice: OtherPaymentNotice }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'mismatch'; reason: UnmatchedReason };

/** Null when the session is not the taker's. */
export type OtherSessionTaker = (
  tx: Db,
  session: Stripe.Checkout.Session,
  event: TakenEvent,
) => Promise<OtherSessionOutcome | null>;

const taker = appHook<OtherSessionTaker>(null);

export const onOtherPaidSession = taker.set;
export const takeOtherSession = taker.run;

/** Null when the refunded payment is not the taker's. */
export type OtherRefundTaker = (
  tx: Db,
  charge: Stripe.Charge,
  event: TakenEvent,
  site: MailSite,
) => Promise<OtherSessionOutcome | null>;

const refundTaker = appHook<OtherRefundTaker>(null);

export const onOtherRefund = refundTaker.set;
export const takeOtherRefund = refundTaker.run;
