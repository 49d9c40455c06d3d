/**
 * The client's invoicing details on a lead, as the admin's form holds them (docs/invoices.md,
 * "The buyer"): the fields as typed, the buyer they send (PATCH /api/leads/:id `{ buyer }`),
 * and the server's refusals by field. The rules stay the server's
 * (shared/invoices/buyer.ts): the form only turns text into the buyer's shape.
 */
import type { LeadBuyerInput } from '#shared/invoices/buyer';
import type { LeadBuyerShape } from '#shared/shapes/invoices';
import { serverIssues } from '../ui/field-issues';

export interface BuyerValues {
  name: string;
  addressLines: [string, string, string];
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  reference: string;
  email: string;
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

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The buyer the form sends: empty optional fields null, empty address lines left out. */
export function buyerOf(values: BuyerValues): LeadBuyerInput {
  return {
    name: values.name.trim(),
    addressLines: values.addressLines.map((line) => line.trim()).filter(Boolean),
    postcode: values.postcode.trim(),
    city: values.city.trim(),
    country: values.country.trim().toUpperCase(),
    vatId: orNull(values.vatId),
    reference: orNull(values.reference),
    email: orNull(values.email),
  };
}

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
