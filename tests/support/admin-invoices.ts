/**
 * Invoices as the server answers them, for the client's tests of the invoices' screens
 * (src/client/admin/invoices/): a draft and an issued invoice, each changed by `overrides`.
 * The figures are `invoiceTotals`'s, as the server's answer carries them.
 */
import { invoiceTotals } from '#shared/invoices/totals';
import type { Invoice } from '#shared/shapes/invoices';

const items = [
  {
    description: 'Workshop',
    quantity: 2,
    unitCode: 'DAY' as const,
    unitAmount: 100_000,
    category: 'S' as const,
    rate: 19,
  },
];

/** The answer's figures: `invoiceTotals`'s, less its lines (each item carries its own net). */
const totals = (list: typeof items): Invoice['totals'] => {
  const { net, groups, tax, gross, prepaid, due } = invoiceTotals(list);
  return { net, groups, tax, gross, prepaid, due };
};

export function draftInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 11,
    kind: 'invoice',
    role: 'standalone',
    number: null,
    leadId: 7,
    proposalId: null,
    creditsInvoiceId: null,
    credits: null,
    creditNotes: [],
    status: 'draft',
    paymentStatus: 'unpaid',
    currency: 'EUR',
    issueDate: null,
    dueDate: null,
    supplyDate: null,
    supplyPeriod: null,
    items: [],
    exemptionText: null,
    paymentTerms: null,
    note: null,
    totals: totals([]),
    balance: { paid: 0, credited: 0, outstanding: 0 },
    seller: null,
    buyer: null,
    documentHash: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    issuedAt: null,
    sentAt: null,
    viewedAt: null,
    remindersStopped: false,
    payments: [],
    ...overrides,
  };
}

/** INV-2026-0001: two days at €1,000.00 and 19 % VAT, €2,380.00, nothing paid yet. */
export function issuedInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const figures = totals(items);
  return draftInvoice({
    id: 12,
    number: 'INV-2026-0001',
    status: 'issued',
    issueDate: '2026-03-02',
    dueDate: '2026-03-16',
    supplyDate: '2026-03-02',
    items: items.map((item) => ({ ...item, net: item.quantity * item.unitAmount })),
    paymentTerms: 'Payment within 14 days of the invoice date.',
    totals: figures,
    balance: { paid: 0, credited: 0, outstanding: figures.due },
    seller: {
      name: 'Northwind Consulting GmbH',
      addressLines: ['Hauptstraße 1'],
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE136695976',
      email: 'billing@northwind.example',
      companyNumber: null,
      iban: null,
      bic: null,
    },
    buyer: {
      name: 'Ada Industries Ltd',
      addressLines: ['1 High Street'],
      postcode: 'SW1A 1AA',
      city: 'London',
      country: 'GB',
      vatId: null,
      reference: null,
      email: 'ada@example.com',
    },
    documentHash: 'ab'.repeat(32),
    issuedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  });
}
