/**
 * The words the invoices' screens use for what a record is and where it stands
 * (docs/invoices.md, "Invoices and credit notes"): its kind and role, its payment status, and
 * the names of the fields a 409 "incomplete" answer lists.
 */
import type { PaymentStatus } from '#shared/invoices/records';
import type { Invoice } from '#shared/shapes/invoices';
import { formatRange } from '../ui/date-time';
import type { InvoiceFilter } from './search-params';

/** Invoice, Deposit invoice, Final invoice or Credit note. */
export function kindLabel(invoice: Pick<Invoice, 'kind' | 'role'>): string {
  if (invoice.kind === 'credit_note') return 'Credit note';
  if (invoice.role === 'deposit') return 'Deposit invoice';
  if (invoice.role === 'final') return 'Final invoice';
  return 'Invoice';
}

/** The Invoices screen's status filter's choices, and its list's words for them. */
export const FILTER_LABELS: Record<InvoiceFilter, string> = { draft: 'Drafts', issued: 'Issued' };

/** Its number once issued; a draft has none yet. */
export const numberOf = (invoice: Pick<Invoice, 'number'>) => invoice.number ?? 'Draft';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
  credited: 'Credited',
};

/** A day (YYYY-MM-DD) with its year, in the admin's language: "7 Mar 2026". */
export const longDay = (day: string) => formatRange(day, day);

/** The seller profile's fields as its screen names them (`missing`, `seller.<field>`). */
const SELLER_FIELDS: Record<string, string> = {
  legalName: 'legal name',
  addressLines: 'address',
  postcode: 'postcode',
  city: 'city',
  country: 'country',
  email: 'e-mail address',
  vatId: 'VAT ID',
  exemptionText: 'exemption text',
  companyNumber: 'company or tax registration number',
  defaultRate: 'default rate',
};

/** The buyer's fields on the lead (`buyer.<field>`). */
const BUYER_FIELDS: Record<string, string> = {
  name: 'legal name',
  addressLines: 'address',
  postcode: 'postcode',
  city: 'city',
  country: 'country',
  vatId: 'VAT ID',
  email: 'invoice e-mail address',
};

/** "legal name" for `legalName`; an unknown field by its own name, so nothing is hidden. */
export const sellerFieldLabel = (field: string) => SELLER_FIELDS[field] ?? field;
export const buyerFieldLabel = (field: string) => BUYER_FIELDS[field] ?? field;
