/**
 * What an issued invoice or credit note is made from (docs/invoices.md, "The document"): its
 * content as the schemas take it (src/shared/invoices/schemas.ts), its number, its kind and
 * role, and the documents it names. The XML (cii-xml.ts) and the PDF (invoice-pdf.ts) are both
 * made from this alone, so the same record always gives the same bytes.
 */
import type { InvoiceContent } from '#shared/invoices/schemas';

/** Another document named by number and issue date. */
export interface DocumentReference {
  number: string;
  issueDate: string;
}

/** A deposit invoice deducted on a final invoice: its gross is part of `prepaid`. */
export interface DeductedDeposit extends DocumentReference {
  gross: number;
  tax: number;
}

export interface InvoiceDocument extends InvoiceContent {
  kind: 'invoice' | 'credit_note';
  /** A deposit invoice is a prepayment invoice (type 386); the others are 380, or 381 credited. */
  role: 'deposit' | 'final' | 'standalone';
  /** INV-2026-0001, CN-2026-0001. */
  number: string;
  /** A credit note: the invoice it corrects (BT-25, BT-26). */
  credits: DocumentReference | null;
  /** A final invoice: the deposit invoices deducted, their gross summed in `prepaid`. */
  deposits: DeductedDeposit[];
  /** A free note printed and carried in the XML (BT-22): a credit note's reason. */
  note: string | null;
}

/** UNTDID 1001: 380 invoice, 386 prepayment invoice, 381 credit note. */
export function typeCode(document: Pick<InvoiceDocument, 'kind' | 'role'>): '380' | '381' | '386' {
  if (document.kind === 'credit_note') return '381';
  return document.role === 'deposit' ? '386' : '380';
}

/** What the document calls itself: its title on the page and in the PDF's metadata. */
export function documentTitle(document: Pick<InvoiceDocument, 'kind' | 'role'>): string {
  if (document.kind === 'credit_note') return 'Credit note';
  return document.role === 'deposit' ? 'Deposit invoice' : 'Invoice';
}
