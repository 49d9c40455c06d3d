/**
 * Invoices for the tests (docs/invoices.md): a German seller and a Polish buyer with real VAT
 * IDs (their check digits hold), and content any test changes a part of.
 */
import type { InvoiceContentInput } from '#shared/invoices/schemas';
import type { InvoiceItem } from '#shared/invoices/totals';

/** The name every PDF must print as typed. */
export const TYPED_NAME = 'Zoë Łódź-Ørsted';

export const seller = {
  name: 'Harbor Lane AI GmbH',
  addressLines: ['Hafenstraße 12', '3. OG'],
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE136695976',
  email: 'billing@harborlane.example',
  companyNumber: 'HRB 123456 B',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
} satisfies InvoiceContentInput['seller'];

export const buyer = {
  name: TYPED_NAME,
  addressLines: ['ul. Piotrkowska 104'],
  postcode: '90-926',
  city: 'Łódź',
  country: 'PL',
  vatId: 'PL5260250274',
  reference: 'PO-7781',
} satisfies InvoiceContentInput['buyer'];

/** A German buyer: the same country as the seller. */
export const domesticBuyer = {
  name: 'Müller & Söhne KG',
  addressLines: ['Königsallee 1'],
  postcode: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  vatId: 'DE811569869',
  reference: null,
} satisfies InvoiceContentInput['buyer'];

export const item = (changes: Partial<InvoiceItem> = {}): InvoiceItem => ({
  description: 'Retrieval prototype on your documents',
  quantity: 1,
  unitCode: 'C62',
  unitAmount: 950_000,
  category: 'S',
  rate: 19,
  ...changes,
});

/** A standard-rate invoice to the domestic buyer; `changes` replace whole fields. */
export function invoiceContent(changes: Partial<InvoiceContentInput> = {}): InvoiceContentInput {
  return {
    currency: 'EUR',
    issueDate: '2026-11-27',
    dueDate: '2026-12-11',
    supplyDate: null,
    supplyPeriod: { from: '2026-11-01', to: '2026-11-26' },
    items: [
      item({
        description: 'Discovery workshop',
        quantity: 2,
        unitCode: 'DAY',
        unitAmount: 180_000,
      }),
      item({ description: 'Evaluation', quantity: 12.5, unitCode: 'HUR', unitAmount: 15_000 }),
    ],
    exemptionText: null,
    paymentTerms: 'Payment within 14 days of the invoice date.',
    seller,
    buyer: domesticBuyer,
    prepaid: 0,
    ...changes,
  };
}
