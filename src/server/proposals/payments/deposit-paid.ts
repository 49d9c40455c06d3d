/**
 * What follows a deposit payment in its own write transaction (docs/invoices.md, "Deposits"):
 * with invoicing on, the invoices feature issues the deposit invoice there, so the payment and
 * its invoice exist together or not at all. Proposals come before invoices in the layers
 * (docs/architecture.md), so they cannot call it by name: the app's composition sets it
 * (app/app-router.ts), as Ghost registers its shutdown tasks. Until set, a payment has no
 * such effect.
 */
import type { Db } from '#db';
import type { PaymentProvider } from '#shared/proposals';
import type { AuditActor } from '#server/audit/record';
import type { MailSite } from '#server/site/site-brand';
import { appHook } from '#server/platform/app-hook';

/** Who paid it in, for the audit log and the mail: read before the payment's transaction. */
export interface PaymentWitness {
  /** The administrator who recorded it by hand; null for Stripe. */
  actor: AuditActor;
  /** Their address (masked in the log); null for Stripe. */
  ip: string | null;
  site: MailSite;
}

export interface DepositPaid {
  proposalId: number;
  paymentId: number;
  /** Minor units, gross: what came in. */
  amount: number;
  currency: string;
  provider: PaymentProvider;
  /** Stripe's payment intent; null by hand. */
  providerRef: string | null;
  paidAt: Date;
  now: Date;
  witness: PaymentWitness;
}

export type DepositPaidEffect = (tx: Db, paid: DepositPaid) => Promise<void>;

const effect = appHook<DepositPaidEffect>(undefined);

/** Sets the one effect of a deposit payment (the app does, once). */
export const onDepositPaid = effect.set;

/** Runs it inside the payment's transaction: a failure rolls the payment back too. */
export const depositPaid = effect.run;
