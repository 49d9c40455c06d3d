/**
 * A paid Checkout Session of the client's invoice page, as Stripe's webhook tells it (the
 * proposals' webhook asks this before counting a session unmatched: payments/other-sessions.ts).
 * It is a payment only for a session the page made, in its currency and for its amount; the
 * same payment told twice is recorded once (the payment intent is unique). Inside the event's
 * write transaction, with the lead's timeline entry; the owner's notice goes once it commits.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#db';
import { invoiceCheckouts, invoicePayments, invoices, leadEvents, leads } from '#db/schema';
import { formatMoney } from '#shared/money';
import type { OtherSessionOutcome } from '#server/proposals/payments/other-sessions';
import { idOf, type TakenEvent } from '#server/proposals/payments/paid-session';
import { parseJson } from '../invoice-json';
import type { FrozenBuyer } from '../issued-document';
import { balanceNow } from '../invoice-store';
import { ownerInvoicePaidMail, type InvoicePaidByCard } from './owner-paid-mail';

export async function takeInvoiceSession(
  tx: Db,
  session: Stripe.Checkout.Session,
  event: TakenEvent,
): Promise<OtherSessionOutcome | null> {
  const asked = await tx
    .select()
    .from(invoiceCheckouts)
    .where(eq(invoiceCheckouts.sessionId, session.id))
    .get();
  if (!asked) return null;
  const invoice = await tx.select().from(invoices).where(eq(invoices.id, asked.invoiceId)).get();
  if (!invoice) return null;
  if (session.currency?.toUpperCase() !== asked.currency)
    return { outcome: 'mismatch', reason: 'currency' };
  if (session.amount_total !== asked.amount) return { outcome: 'mismatch', reason: 'amount' };
  const payment = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: asked.invoiceId,
      amount: asked.amount,
      currency: asked.currency,
      provider: 'stripe',
      providerRef: idOf(session.payment_intent) ?? session.id,
      paidAt: event.created,
      createdAt: event.now,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!payment) return { outcome: 'ignored', reason: 'payment known' };
  if (invoice.leadId) {
    await tx.insert(leadEvents).values({
      leadId: invoice.leadId,
      at: event.now,
      kind: 'payment_received',
      text: `Invoice ${invoice.number ?? ''} paid: ${formatMoney(payment.amount, payment.currency)} (card, Stripe)`,
      proposalId: invoice.proposalId,
    });
    await tx.update(leads).set({ lastActivityAt: event.now }).where(eq(leads.id, invoice.leadId));
  }
  const paid: InvoicePaidByCard = {
    invoiceId: invoice.id,
    number: invoice.number ?? '',
    buyerName: parseJson<FrozenBuyer>(invoice.buyer)?.name ?? '',
    amount: payment.amount,
    currency: payment.currency,
    outstanding: (await balanceNow(tx, invoice)).outstanding,
  };
  return {
    outcome: 'recorded elsewhere',
    notice: { leadId: invoice.leadId, mail: (to, site) => ownerInvoicePaidMail(to, paid, site) },
  };
}
