/**
 * The answers of the `invoices` procedures (docs/invoices.md; docs/api.md, "Invoices"), as the
 * `.output(...)` schema of each procedure: tRPC checks every answer against it, and the
 * OpenAPI document describes the REST answers with it. An invoice, a payment, the seller
 * profile and the lead's buyer are written once here; their types are derived from them.
 */
import { z } from 'zod/mini';
import { taxCategoryValues, unitCodeValues } from '../invoices/codes';
import {
  invoiceKindValues,
  invoiceRoleValues,
  invoiceStatusValues,
  paymentStatusValues,
} from '../invoices/records';
import { paymentProviderValues } from '../proposals';

const partyOutput = {
  name: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** Compact and upper case (DE136695976). */
  vatId: z.nullable(z.string()),
};

/** The buyer on a lead (PATCH /api/leads/:id `{ buyer }`); `email` null: the lead's address. */
export const leadBuyerOutput = z.strictObject({
  ...partyOutput,
  reference: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type LeadBuyerShape = z.infer<typeof leadBuyerOutput>;

/** The seller as an issued document names it, frozen at issue. */
export const sellerOutput = z.strictObject({
  ...partyOutput,
  email: z.nullable(z.string()),
  companyNumber: z.nullable(z.string()),
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
});

/** The buyer as an issued document names it, frozen at issue, with the address it goes to. */
export const buyerOutput = z.strictObject({
  ...partyOutput,
  reference: z.nullable(z.string()),
  email: z.string(),
});

export const invoiceItemOutput = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unitCode: z.enum(unitCodeValues),
  /** Minor units; negative for a discount. */
  unitAmount: z.number(),
  category: z.enum(taxCategoryValues),
  rate: z.number(),
  /** Quantity × unit price, rounded half up (docs/invoices.md, "The rules"). */
  net: z.number(),
});

export const invoicePaymentOutput = z.strictObject({
  id: z.number(),
  invoiceId: z.number(),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(paymentProviderValues),
  providerRef: z.nullable(z.string()),
  paidAt: z.string(),
  note: z.nullable(z.string()),
});
export type InvoicePayment = z.infer<typeof invoicePaymentOutput>;

const documentReferenceOutput = z.strictObject({
  id: z.number(),
  number: z.string(),
  issueDate: z.string(),
});

export const invoiceOutput = z.strictObject({
  id: z.number(),
  kind: z.enum(invoiceKindValues),
  role: z.enum(invoiceRoleValues),
  /** `INV-2026-0001`, `CN-2026-0001`; null for a draft. */
  number: z.nullable(z.string()),
  /** Null once the lead was erased: the issued document stays. */
  leadId: z.nullable(z.number()),
  proposalId: z.nullable(z.number()),
  creditsInvoiceId: z.nullable(z.number()),
  /** A credit note: the invoice it corrects (BT-25, BT-26). */
  credits: z.nullable(documentReferenceOutput),
  /** An invoice: its credit notes, with the gross each credits. */
  creditNotes: z.array(z.strictObject({ ...documentReferenceOutput.shape, gross: z.number() })),
  status: z.enum(invoiceStatusValues),
  paymentStatus: z.enum(paymentStatusValues),
  currency: z.string(),
  /** Days (YYYY-MM-DD) in the site's zone; a draft's issue day is set when issued. */
  issueDate: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  supplyDate: z.nullable(z.string()),
  supplyPeriod: z.nullable(z.strictObject({ from: z.string(), to: z.string() })),
  items: z.array(invoiceItemOutput),
  exemptionText: z.nullable(z.string()),
  paymentTerms: z.nullable(z.string()),
  /** A credit note's reason. */
  note: z.nullable(z.string()),
  totals: z.strictObject({
    net: z.number(),
    groups: z.array(
      z.strictObject({
        category: z.enum(taxCategoryValues),
        rate: z.number(),
        base: z.number(),
        tax: z.number(),
      }),
    ),
    tax: z.number(),
    gross: z.number(),
    prepaid: z.number(),
    due: z.number(),
  }),
  /** What came in and was credited; `outstanding` below 0 is owed back. */
  balance: z.strictObject({ paid: z.number(), credited: z.number(), outstanding: z.number() }),
  /** Frozen at issue; null for a draft. */
  seller: z.nullable(sellerOutput),
  buyer: z.nullable(buyerOutput),
  /** SHA-256 (hex) of the canonical JSON of the document issued. */
  documentHash: z.nullable(z.string()),
  createdAt: z.string(),
  issuedAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  viewedAt: z.nullable(z.string()),
  /** The owner's "Stop reminders" switch (docs/invoices.md, "Reminders"). */
  remindersStopped: z.boolean(),
  payments: z.array(invoicePaymentOutput),
});
export type Invoice = z.infer<typeof invoiceOutput>;

export const invoiceSettingsOutput = z.strictObject({
  legalName: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  country: z.nullable(z.string()),
  email: z.nullable(z.string()),
  vatRegistered: z.boolean(),
  vatId: z.nullable(z.string()),
  exemptionText: z.nullable(z.string()),
  companyNumber: z.nullable(z.string()),
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  paymentTermsDays: z.number(),
  defaultCategory: z.enum(taxCategoryValues),
  defaultRate: z.nullable(z.number()),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  reminderOffsets: z.array(z.number()),
  bankTransferText: z.string(),
  latePaymentText: z.string(),
});

export const outputs = {
  settings: z.strictObject({
    settings: invoiceSettingsOutput,
    /** Invoicing is on once the profile lacks nothing. */
    invoicingOn: z.boolean(),
    /** The profile's fields an invoice needs that are empty. */
    missing: z.array(z.string()),
  }),
  one: z.strictObject({ invoice: invoiceOutput }),
  list: z.strictObject({
    invoices: z.array(invoiceOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  /** A credit note issued, and the invoice it credits as it now reads. */
  credit: z.strictObject({ creditNote: invoiceOutput, invoice: invoiceOutput }),
  payment: z.strictObject({ payment: invoicePaymentOutput, invoice: invoiceOutput }),
  deleted: z.strictObject({ success: z.literal(true) }),
};
