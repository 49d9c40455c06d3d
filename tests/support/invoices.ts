/**
 * Invoices for the tests (docs/invoices.md): a German seller and a Polish buyer with real VAT
 * IDs (their check digits hold), and content any test changes a part of.
 */
import type { InvoiceDocument } from '#server/invoices/document';
import { invoiceContentInput, type InvoiceContentInput } from '#shared/invoices/schemas';
import type { InvoiceItem } from '#shared/invoices/totals';
import type { InvoiceSettingsInput } from '#shared/invoices/settings';

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

/** A complete profile: a German seller registered for VAT, 19 % by default. */
export const SELLER_PROFILE = {
  legalName: seller.name,
  addressLines: seller.addressLines,
  postcode: seller.postcode,
  city: seller.city,
  country: seller.country,
  email: seller.email,
  vatRegistered: true,
  vatId: seller.vatId,
  exemptionText: null,
  companyNumber: seller.companyNumber,
  iban: seller.iban,
  bic: seller.bic,
  paymentTermsDays: 14,
  defaultCategory: 'S',
  defaultRate: 19,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  reminderOffsets: [-3, 7, 21],
  bankTransferText: 'Pay to the IBAN on the invoice, naming its number.',
  latePaymentText: '',
} satisfies InvoiceSettingsInput;

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

/** An issued document from `content` (parsed as the server would); `changes` replace fields. */
export function invoiceDocument(
  changes: Partial<InvoiceDocument> = {},
  content: InvoiceContentInput = invoiceContent(),
): InvoiceDocument {
  return {
    ...invoiceContentInput.parse(content),
    kind: 'invoice',
    role: 'standalone',
    number: 'INV-2026-0007',
    credits: null,
    deposits: [],
    note: null,
    ...changes,
  };
}

const depositItem = item({
  description: 'Deposit (30 %) on proposal P-2026-3: document assistant',
  unitAmount: 300_000,
});

/** Every kind of document the product issues, named for what it shows. */
export function sampleDocuments(): Record<string, InvoiceDocument> {
  const deposit = invoiceDocument(
    { role: 'deposit', number: 'INV-2026-0001' },
    // Paid by card as it was issued: nothing is due.
    invoiceContent({
      issueDate: '2026-11-03',
      dueDate: '2026-11-03',
      supplyDate: '2026-11-03',
      supplyPeriod: null,
      items: [depositItem],
      prepaid: 357_000,
    }),
  );
  const final = invoiceDocument(
    {
      role: 'final',
      number: 'INV-2026-0002',
      deposits: [{ number: 'INV-2026-0001', issueDate: '2026-11-03', gross: 357_000, tax: 57_000 }],
    },
    invoiceContent({
      items: [
        item({
          description: 'Discovery workshop',
          quantity: 2,
          unitCode: 'DAY',
          unitAmount: 180_000,
        }),
        item({
          description: 'Evaluation & report <draft>',
          quantity: 6.25,
          unitCode: 'HUR',
          unitAmount: 15_000,
        }),
        item({ description: 'Returning-client discount', unitAmount: -50_000 }),
      ],
      prepaid: 357_000,
    }),
  );
  return {
    standard: invoiceDocument(),
    reverse: invoiceDocument(
      { number: 'INV-2026-0003' },
      invoiceContent({ buyer, items: [item({ category: 'AE', rate: 0 })] }),
    ),
    deposit,
    final,
    credit: invoiceDocument(
      {
        kind: 'credit_note',
        number: 'CN-2026-0001',
        credits: { number: 'INV-2026-0002', issueDate: '2026-11-27' },
        note: 'Credited: the evaluation report was not delivered.',
      },
      invoiceContent({
        issueDate: '2026-11-30',
        dueDate: '2026-11-30',
        items: [
          item({
            description: 'Evaluation & report',
            quantity: 6.25,
            unitCode: 'HUR',
            unitAmount: 15_000,
          }),
        ],
      }),
    ),
    exempt: invoiceDocument(
      { number: 'INV-2026-0004' },
      invoiceContent({
        items: [
          item({ description: 'Training course', category: 'E', rate: 0 }),
          item({ description: 'Printed handbook', category: 'Z', rate: 0, unitAmount: 4_900 }),
        ],
        exemptionText: 'Exempt: vocational training, Art. 132 (1)(i) Directive 2006/112/EC',
      }),
    ),
    outside: invoiceDocument(
      { number: 'INV-2026-0005' },
      invoiceContent({
        buyer: {
          ...domesticBuyer,
          country: 'US',
          vatId: null,
          name: 'Acme Inc.',
          city: 'Boston',
          postcode: '02110',
        },
        items: [item({ category: 'O', rate: 0 })],
        exemptionText: 'Outside the scope of EU VAT: place of supply outside the EU (Art. 44).',
      }),
    ),
  };
}
