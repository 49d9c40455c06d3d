/**
 * A payment on a proposal, written once for both ways one arrives (docs/payments.md,
 * "Payments"): Stripe's webhook and the owner's hand. Inside the caller's write transaction,
 * with the lead's timeline entry, so the two exist together or not at all.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { leadEvents, leads, proposalPayments } from '#db/schema';
import { formatMoney, type PaymentProvider } from '#shared/proposals';
import type { PaymentRow } from '../proposal-json';
import { depositPaid, type PaymentWitness } from './deposit-paid';

export interface NewPayment {
  proposal: { id: number; leadId: number };
  /** Minor units. */
  amount: number;
  currency: string;
  provider: PaymentProvider;
  /** Stripe's payment intent; null for a payment recorded by hand. */
  providerRef: string | null;
  paidAt: Date;
  note: string | null;
  /** The administrator who recorded it by hand; null for Stripe. */
  recordedBy: string | null;
  now: Date;
  witness: PaymentWitness;
}

/** The timeline's words for a payment: what came in, and how. */
export function paymentText(
  payment: Pick<NewPayment, 'amount' | 'currency' | 'provider' | 'note'>,
) {
  const money = formatMoney(payment.amount, payment.currency);
  if (payment.provider === 'stripe') return `Deposit paid: ${money} (card, Stripe)`;
  return payment.note
    ? `Payment recorded: ${money}. ${payment.note}`
    : `Payment recorded: ${money}`;
}

/**
 * Stores the payment and its `payment_received` timeline entry, moves the lead's last
 * activity, and runs what follows a deposit payment (deposit-paid.ts: its invoice). A payment Stripe already reported (the same payment intent) is not stored again:
 * null then, and nothing is written.
 */
export async function recordPayment(tx: Db, payment: NewPayment): Promise<PaymentRow | null> {
  const row = await tx
    .insert(proposalPayments)
    .values({
      proposalId: payment.proposal.id,
      amount: payment.amount,
      currency: payment.currency,
      provider: payment.provider,
      providerRef: payment.providerRef,
      paidAt: payment.paidAt,
      note: payment.note,
      recordedBy: payment.recordedBy,
      createdAt: payment.now,
    })
    // The unique (provider, provider_ref): one Stripe payment, one row, however often told.
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) return null;
  await tx.insert(leadEvents).values({
    leadId: payment.proposal.leadId,
    at: payment.now,
    kind: 'payment_received',
    actor: payment.recordedBy,
    text: paymentText(payment),
    proposalId: payment.proposal.id,
  });
  await tx
    .update(leads)
    .set({ lastActivityAt: payment.now })
    .where(eq(leads.id, payment.proposal.leadId));
  await depositPaid(tx, {
    proposalId: payment.proposal.id,
    paymentId: row.id,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    providerRef: row.providerRef,
    paidAt: row.paidAt,
    now: payment.now,
    witness: payment.witness,
  });
  return row;
}
