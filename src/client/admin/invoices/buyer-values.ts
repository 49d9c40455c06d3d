/**
 * The client's invoicing details on a lead, as the admin's form holds them (docs/invoices.md,
 * "The buyer"): the fields as typed, the buyer they send (PATCH /api/leads/:id `{ buyer }`),
 * and the server's refusals by field. The rules stay the server's
 * (shared/invoices/buyer.ts): the form only turns text into the buyer's shape.
 */
import { buyerFromText, type LeadBuyerInput, type TypedBuyer } from '#shared/invoices/buyer';
import type { LeadBuyerShape } from '#shared/shapes/invoices';
import { serverIssues } from '../ui/field-issues';

/** The buyer's fields as typed, the address's three lines each a field. */
export interface BuyerValues extends TypedBuyer {
  addressLines: [string, string, string];
}

export function buyerValues(saved: LeadBuyerShape | null): BuyerValues {
  const lines = saved?.addressLines ?? [];
  return {
    name: saved?.name ?? '',
    addressLines: [lines[0] ?? '', lines[1] ?? '', lines[2] ?? ''],
    postcode: saved?.postcode ?? '',
    city: saved?.city ?? '',
    country: saved?.country ?? '',
    vatId: saved?.vatId ?? '',
    reference: saved?.reference ?? '',
    email: saved?.email ?? '',
  };
}

/** The buyer the form sends (the `/p/` form's rule: `buyerFromText`). */
export const buyerOf = (values: BuyerValues): LeadBuyerInput => buyerFromText(values);

/** The server's 400 per field: `data.buyer.addressLines.1` is shown at that line. */
export function buyerIssues(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of serverIssues(error)) {
    const field = path.replace(/^data\.buyer\.?/, '') || 'name';
    found[field] ??= message;
  }
  return found;
}

/** One line for the summary: "Müller & Söhne KG, Hauptstraße 1, 10115 Berlin, DE". */
export function buyerSummary(buyer: LeadBuyerShape): string {
  return [
    buyer.name,
    ...buyer.addressLines,
    `${buyer.postcode} ${buyer.city}`.trim(),
    buyer.country,
  ]
    .filter(Boolean)
    .join(', ');
}
