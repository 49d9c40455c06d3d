/**
 * The words the XML and the PDF both carry (docs/invoices.md, "The document"): why a group
 * bears no VAT, and the deposits a final invoice deducts. Written once, so the two documents
 * cannot say different things.
 */
import { formatMoney } from '#shared/money';
import type { TaxCategory } from '#shared/invoices/codes';
import type { InvoiceDocument } from './document';

/** What a reverse-charge invoice prints, as EN 16931 asks (BR-AE-10). */
export const REVERSE_CHARGE = 'Reverse charge';
/** The words for O when the owner wrote none (the rules ask for a text; see tax-rules.ts). */
const NOT_SUBJECT = 'Not subject to VAT';

/**
 * Why a group bears no VAT (BT-120) and its VATEX code (BT-121): reverse charge in the
 * standard's words, exempt and not subject in the owner's; nothing for S and Z, which may
 * carry none (BR-S-10, BR-Z-10).
 */
export function exemptionOf(
  category: TaxCategory,
  exemptionText: string | null,
): { text: string; code: string | null } | null {
  if (category === 'AE') return { text: REVERSE_CHARGE, code: 'VATEX-EU-AE' };
  if (category === 'E') return { text: exemptionText ?? '', code: null };
  if (category === 'O') return { text: exemptionText || NOT_SUBJECT, code: 'VATEX-EU-O' };
  return null;
}

/** "Deposit invoice INV-2026-0001 of 2026-11-03 deducted: €3,570.00, of which VAT €570.00." */
export function depositNotes(document: Pick<InvoiceDocument, 'deposits' | 'currency'>): string[] {
  const money = (minor: number) => formatMoney(minor, document.currency);
  return document.deposits.map(
    (deposit) =>
      `Deposit invoice ${deposit.number} of ${deposit.issueDate} deducted: ${money(deposit.gross)}, of which VAT ${money(deposit.tax)}.`,
  );
}
