/**
 * A stored invoice or credit note as the API reads it (docs/invoices.md): its figures computed
 * from its items by the one computation (shared/invoices/totals.ts), its payment status derived
 * on the site's today from its payments and credit notes, its parties as frozen at issue.
 */
import type { invoicePayments, invoices } from '#db/schema';
import { invoiceTotals, type InvoiceItem, type InvoiceTotals } from '#shared/invoices/totals';
import { outstanding, paymentStatus, type PaymentStatus } from '#shared/invoices/records';
import type { Invoice, InvoicePayment } from '#shared/shapes/invoices';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** What a credit note of lines credited: the invoice's item by its place, and how much of it. */
export interface CreditedLine {
  line: number;
  quantity: number;
}

/** Another document as an invoice names it. */
export interface DocumentRef {
  id: number;
  number: string;
  issueDate: string;
}

/** What an invoice's answer reads beside its row. */
export interface InvoiceRelations {
  payments: readonly InvoicePaymentRow[];
  /** A credit note: the invoice it corrects. */
  credits: DocumentRef | null;
  /** An invoice: its credit notes. */
  creditNotes: readonly (DocumentRef & { gross: number })[];
}

export const NO_RELATIONS: InvoiceRelations = { payments: [], credits: null, creditNotes: [] };

export const parseJson = <T>(json: string | null): T | null =>
  json === null ? null : (JSON.parse(json) as T);

export const itemsOf = (row: Pick<InvoiceRow, 'items'>) => JSON.parse(row.items) as InvoiceItem[];

export const totalsOf = (row: Pick<InvoiceRow, 'items' | 'prepaid'>): InvoiceTotals =>
  invoiceTotals(itemsOf(row), row.prepaid);

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function paymentJson(row: InvoicePaymentRow): InvoicePayment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    providerRef: row.providerRef,
    paidAt: row.paidAt.toISOString(),
    note: row.note,
  };
}

/** What is paid, credited and still owed on an invoice. */
export function balanceOf(totals: InvoiceTotals, relations: InvoiceRelations) {
  const paid = relations.payments.reduce((sum, payment) => sum + payment.amount, 0);
  const credited = relations.creditNotes.reduce((sum, note) => sum + note.gross, 0);
  return { paid, credited, outstanding: outstanding({ due: totals.due, credited, paid }) };
}

function statusOf(
  row: InvoiceRow,
  totals: InvoiceTotals,
  balance: ReturnType<typeof balanceOf>,
  today: string,
): PaymentStatus {
  // A credit note asks for nothing: it is itself a credit.
  if (row.kind === 'credit_note') return 'credited';
  if (row.status !== 'issued' || row.dueDate === null) return 'unpaid';
  return paymentStatus({ ...balance, due: totals.due, gross: totals.gross }, row.dueDate, today);
}

export function invoiceJson(row: InvoiceRow, relations: InvoiceRelations, today: string): Invoice {
  const items = itemsOf(row);
  const totals = invoiceTotals(items, row.prepaid);
  const balance =
    row.kind === 'invoice'
      ? balanceOf(totals, relations)
      : { paid: 0, credited: 0, outstanding: 0 };
  const { lines, ...sums } = totals;
  return {
    id: row.id,
    kind: row.kind,
    role: row.role,
    number: row.number,
    leadId: row.leadId,
    proposalId: row.proposalId,
    creditsInvoiceId: row.creditsInvoiceId,
    credits: relations.credits,
    creditNotes: [...relations.creditNotes],
    status: row.status,
    paymentStatus: statusOf(row, totals, balance, today),
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    supplyDate: row.supplyDate,
    supplyPeriod:
      row.supplyFrom === null || row.supplyTo === null
        ? null
        : { from: row.supplyFrom, to: row.supplyTo },
    items: items.map((item, i) => ({ ...item, net: lines[i] ?? 0 })),
    exemptionText: row.exemptionText,
    paymentTerms: row.paymentTerms,
    note: row.note,
    totals: sums,
    balance,
    seller: parseJson(row.seller),
    buyer: parseJson(row.buyer),
    documentHash: row.documentHash,
    createdAt: row.createdAt.toISOString(),
    issuedAt: iso(row.issuedAt),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    remindersStopped: row.remindersStopped,
    payments: relations.payments.map(paymentJson),
  };
}
