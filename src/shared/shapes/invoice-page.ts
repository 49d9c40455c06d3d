/**
 * An issued invoice or credit note as its client sees it through the link `/i/<token>`
 * (docs/invoices.md, "The client's page"): no id of the site's records in it, and what the
 * page offers for paying what is still owed. The server's page draws it
 * (shared/invoice-page/page-body.ts), and GET /api/i/:token answers it.
 */
import { z } from 'zod/mini';
import { invoiceKindValues, invoiceRoleValues, paymentStatusValues } from '../invoices/records';
import { buyerOutput, invoiceItemOutput, invoiceOutput, sellerOutput } from './invoices';

const reference = { number: z.string(), issueDate: z.string() };

export const clientInvoiceOutput = z.strictObject({
  kind: z.enum(invoiceKindValues),
  role: z.enum(invoiceRoleValues),
  number: z.string(),
  paymentStatus: z.enum(paymentStatusValues),
  currency: z.string(),
  issueDate: z.string(),
  dueDate: z.nullable(z.string()),
  supplyDate: z.nullable(z.string()),
  supplyPeriod: z.nullable(z.strictObject({ from: z.string(), to: z.string() })),
  items: z.array(invoiceItemOutput),
  exemptionText: z.nullable(z.string()),
  paymentTerms: z.nullable(z.string()),
  note: z.nullable(z.string()),
  totals: invoiceOutput.shape.totals,
  /** What came in, what credit notes took off, and what is still owed (0 when nothing). */
  balance: invoiceOutput.shape.balance,
  seller: sellerOutput,
  buyer: z.strictObject({ ...buyerOutput.shape, email: z.optional(z.string()) }),
  /** A credit note: the invoice it corrects. */
  credits: z.nullable(z.strictObject(reference)),
  /** An invoice: the credit notes that apply to it. */
  creditNotes: z.array(z.strictObject({ ...reference, gross: z.number() })),
  payments: z.array(
    z.strictObject({ amount: z.number(), paidAt: z.string(), byCard: z.boolean() }),
  ),
  /** The bank details and the owner's words for a transfer, while something is owed. */
  bankTransferText: z.nullable(z.string()),
  /** "Pay by card" is offered: Stripe is set up and something is owed. */
  payByCard: z.boolean(),
});
export type ClientInvoice = z.infer<typeof clientInvoiceOutput>;

export const outputs = { view: clientInvoiceOutput };
