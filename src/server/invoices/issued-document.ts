/**
 * An issued document and its record (docs/invoices.md, "Issuing"): the columns that issuing
 * freezes, the document the XML and PDF are made from (built from those columns alone, so the
 * files made later are the ones issued), and its hash: SHA-256 of the document's canonical
 * JSON (every object's keys in code-point order, no spaces, arrays in their order).
 */
import { createHash } from 'node:crypto';
import type { InvoiceContent } from '#shared/invoices/schemas';
import { invoiceBuyerOf, type LeadBuyer } from '#shared/invoices/buyer';
import { invoiceTotals } from '#shared/invoices/totals';
import type { DeductedDeposit, DocumentReference, InvoiceDocument } from './document';
import { parseJson, type InvoiceRow } from './invoice-json';

/** The buyer frozen on an issued document: as the invoice names it, and where it is mailed. */
export type FrozenBuyer = InvoiceContent['buyer'] & { email: string };

/** The columns an issue sets, from content the schemas passed (shared/invoices/schemas.ts). */
export function issuedColumns(
  content: InvoiceContent,
  issue: { number: string; buyerEmail: string; now: Date },
) {
  const totals = invoiceTotals(content.items, content.prepaid);
  const buyer: FrozenBuyer = { ...content.buyer, email: issue.buyerEmail };
  return {
    status: 'issued' as const,
    number: issue.number,
    currency: content.currency,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    supplyDate: content.supplyDate,
    supplyFrom: content.supplyPeriod?.from ?? null,
    supplyTo: content.supplyPeriod?.to ?? null,
    items: JSON.stringify(content.items),
    exemptionText: content.exemptionText || null,
    paymentTerms: content.paymentTerms || null,
    seller: JSON.stringify(content.seller),
    buyer: JSON.stringify(buyer),
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
    prepaid: totals.prepaid,
    issuedAt: issue.now,
    updatedAt: issue.now,
  };
}

type IssuedFields = Pick<
  InvoiceRow,
  | 'kind'
  | 'role'
  | 'number'
  | 'currency'
  | 'issueDate'
  | 'dueDate'
  | 'supplyDate'
  | 'supplyFrom'
  | 'supplyTo'
  | 'items'
  | 'exemptionText'
  | 'paymentTerms'
  | 'seller'
  | 'buyer'
  | 'prepaid'
  | 'deposits'
  | 'note'
>;

/** The document of an issued record; `credits` is the invoice a credit note corrects. */
export function documentOf(row: IssuedFields, credits: DocumentReference | null): InvoiceDocument {
  const seller = parseJson<InvoiceContent['seller']>(row.seller);
  const frozen = parseJson<FrozenBuyer>(row.buyer);
  if (!seller || !frozen || !row.number || !row.issueDate || !row.dueDate) {
    throw new Error('documentOf: the record was not issued');
  }
  return {
    kind: row.kind,
    role: row.role,
    number: row.number,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    supplyDate: row.supplyDate,
    supplyPeriod:
      row.supplyFrom === null || row.supplyTo === null
        ? null
        : { from: row.supplyFrom, to: row.supplyTo },
    items: JSON.parse(row.items) as InvoiceContent['items'],
    exemptionText: row.exemptionText,
    paymentTerms: row.paymentTerms,
    seller,
    // The address it was mailed to is the record's, not the document's.
    buyer: invoiceBuyerOf(frozen),
    prepaid: row.prepaid,
    credits,
    deposits: JSON.parse(row.deposits) as DeductedDeposit[],
    note: row.note,
  };
}

/** JSON with every object's keys sorted: one text for one value, whatever built it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the document's canonical JSON, in lower-case hex. */
export function documentHash(document: InvoiceDocument): string {
  return createHash('sha256').update(canonicalJson(document), 'utf8').digest('hex');
}

/** Where an issued document is mailed: the buyer's invoice address frozen with it. */
export const mailedTo = (row: Pick<InvoiceRow, 'buyer'>) =>
  parseJson<FrozenBuyer>(row.buyer)?.email ?? '';

/** The buyer kept on a lead, with the address its invoices go to. */
export function buyerOfLead(lead: { email: string; buyer: string | null } | undefined) {
  const buyer = lead ? parseJson<LeadBuyer>(lead.buyer) : null;
  return buyer && lead ? { buyer, email: buyer.email ?? lead.email } : null;
}
