/**
 * What an invoice record is (docs/invoices.md, "Invoices and credit notes"): its kind, its role,
 * the status it is stored with and the payment status derived from its payments and credit
 * notes. Zod-free, so the database schema, the server and the screens read the same lists.
 */
import { addDays } from '../calendar-days';

export const invoiceKindValues = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKindValues)[number];

/** A deposit (a payment on account), the final invoice after it, or an invoice on its own. */
export const invoiceRoleValues = ['deposit', 'final', 'standalone'] as const;
export type InvoiceRole = (typeof invoiceRoleValues)[number];

/** A draft has no number; an issued document never changes (a credit note corrects it). */
export const invoiceStatusValues = ['draft', 'issued', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatusValues)[number];

export const paymentStatusValues = ['unpaid', 'part_paid', 'paid', 'overdue', 'credited'] as const;
export type PaymentStatus = (typeof paymentStatusValues)[number];

export const INVOICES_PAGE_SIZE = 25;

/** `INV-2026-0001`: the series' prefix, the issue year, the year's count in four digits. */
export function invoiceNumber(prefix: string, year: number, count: number): string {
  return `${prefix}-${year}-${String(count).padStart(4, '0')}`;
}

/** The words an invoice prints for its terms (BT-20), from the profile's days. */
export function paymentTermsText(days: number): string {
  return days === 0
    ? 'Payment due on receipt.'
    : `Payment within ${days} days of the invoice date.`;
}

/** The due date of an invoice issued on `issueDate` with `days` of payment terms. */
export const dueDateAfter = (issueDate: string, days: number) => addDays(issueDate, days);

/** What an invoice's money reads: what it asks, what came in, what was credited. */
export interface InvoiceBalance {
  /** What the invoice asks once prepaid deposits are deducted (totals.due). */
  due: number;
  /** The gross of its credit notes. */
  credited: number;
  /** Its payments. */
  paid: number;
}

/** Still to pay: negative when more came in than is owed after a credit (owed back). */
export const outstanding = (balance: InvoiceBalance) =>
  balance.due - balance.credited - balance.paid;

/**
 * The payment status of an issued invoice on `today` (a day in the site's zone): credited
 * whole, paid, past its due date with something still owed, paid in part, or not paid.
 */
export function paymentStatus(
  balance: InvoiceBalance & { gross: number },
  dueDate: string,
  today: string,
): PaymentStatus {
  if (balance.gross > 0 && balance.credited >= balance.gross) return 'credited';
  if (outstanding(balance) <= 0) return 'paid';
  if (today > dueDate) return 'overdue';
  return balance.paid > 0 ? 'part_paid' : 'unpaid';
}
