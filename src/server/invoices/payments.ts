/**
 * Payments recorded by hand on an issued invoice (docs/invoices.md, "Payments"): never more
 * than is still owed (its due less its credit notes and earlier payments), so the answer's
 * payment status moves from unpaid to part paid to paid. Written with the lead's timeline
 * entry in the caller's write transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { invoicePayments, invoices, leadEvents, leads } from '#db/schema';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { outstanding } from '#shared/invoices/records';
import { formatMoney } from '#shared/money';
import type { InvoicePaymentRow } from './invoice-json';
import { conflict, invoiceNotFound } from './refusals';

export interface ManualPayment {
  id: number;
  amount: number;
  paidAt: Date;
  note: string | null;
  by: string;
  now: Date;
}

const tooMuch = (left: number, currency: string) =>
  left > 0
    ? `That is more than is still owed on this invoice: ${formatMoney(left, currency)}`
    : 'Nothing is owed on this invoice';

/** Stores the payment; 409 for a draft, a credit note, or more than is owed. */
export async function recordInvoicePayment(
  tx: Db,
  payment: ManualPayment,
): Promise<{ row: InvoicePaymentRow; invoice: typeof invoices.$inferSelect }> {
  const invoice = await tx.select().from(invoices).where(eq(invoices.id, payment.id)).get();
  if (!invoice) throw invoiceNotFound();
  if (invoice.kind !== 'invoice' || invoice.status !== 'issued') {
    throw conflict(DRAFT_MESSAGES.paymentNotIssued);
  }
  const paid = await tx
    .select({ amount: invoicePayments.amount })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoice.id));
  const notes = await tx
    .select({ gross: invoices.gross })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoice.id), eq(invoices.status, 'issued')));
  const left = outstanding({
    due: invoice.gross - invoice.prepaid,
    credited: notes.reduce((sum, note) => sum + note.gross, 0),
    paid: paid.reduce((sum, row) => sum + row.amount, 0),
  });
  if (payment.amount > left) throw conflict(tooMuch(left, invoice.currency));
  const row = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: invoice.id,
      amount: payment.amount,
      currency: invoice.currency,
      provider: 'manual',
      paidAt: payment.paidAt,
      note: payment.note,
      recordedBy: payment.by,
      createdAt: payment.now,
    })
    .returning()
    .get();
  if (invoice.leadId !== null) {
    const money = formatMoney(payment.amount, invoice.currency);
    await tx.insert(leadEvents).values({
      leadId: invoice.leadId,
      at: payment.now,
      kind: 'payment_received',
      actor: payment.by,
      text: `Payment recorded on invoice ${invoice.number}: ${money}${payment.note ? `. ${payment.note}` : ''}`,
      proposalId: invoice.proposalId,
    });
    await tx.update(leads).set({ lastActivityAt: payment.now }).where(eq(leads.id, invoice.leadId));
  }
  return { row, invoice };
}
