/**
 * The inputs of the invoices' admin API (docs/invoices.md, "Invoices and credit notes"):
 * drafts, which hold what the owner chose (items, currency, days, exemption text) and take
 * the rest from the profile and the lead when issued; the list's filter; a credit; a payment
 * is the proposals' manual payment (shared/proposals.ts `manualPaymentInput`).
 */
import { z } from 'zod/mini';
import { isRealDay } from '../calendar-days';
import { idField, pageField, storedText } from '../validation';
import { invoiceRoleValues, invoiceStatusValues } from './records';
import { INVOICE_LIMITS, INVOICE_MESSAGES } from './messages';
import {
  invoiceCurrencyField,
  invoiceDayField,
  invoiceItemInput,
  lineWithinLimit,
  rateField,
  supplyPeriodInput,
  whenFieldsValid,
} from './schemas';

export const DRAFT_MESSAGES = {
  notFound: 'Invoice not found',
  leadNotFound: 'Lead not found',
  notDraft: 'Only a draft can be changed: an issued document is corrected by a credit note',
  notDraftDeleted: 'Only a draft can be deleted: an issued document is corrected by a credit note',
  status: `Status must be ${invoiceStatusValues.join(', ')}`,
  role: `Role must be ${invoiceRoleValues.join(', ')}`,
  creditNotInvoice: 'Only an issued invoice can be credited',
  creditLinesOrAmount: 'Give the lines to credit or an amount, not both',
  creditLine: "Line must be the number of one of the invoice's items, counted from 0",
  creditSeveralRates: 'This invoice has several tax rates: name the lines to credit',
  creditNothingLeft: 'Nothing is left to credit on this invoice',
  reason: 'Give the reason for the credit, in at most 500 characters',
  paymentNotIssued: 'Only an issued invoice can be paid',
} as const;

/** An item of a draft: its category and rate may be left to the profile's defaults. */
export const draftItemInput = z
  .object({
    ...invoiceItemInput.shape,
    category: z.optional(invoiceItemInput.shape.category),
    rate: z.optional(rateField),
  })
  .check(lineWithinLimit);

const draftFields = {
  currency: z.optional(invoiceCurrencyField),
  items: z.optional(
    z.array(draftItemInput).check(z.maxLength(INVOICE_LIMITS.itemsMax, INVOICE_MESSAGES.itemsMax)),
  ),
  /** Null: the issue day plus the profile's payment terms. */
  dueDate: z.optional(z.nullable(invoiceDayField)),
  /** Both null: the issue day is the day of supply. */
  supplyDate: z.optional(z.nullable(invoiceDayField)),
  supplyPeriod: z.optional(z.nullable(supplyPeriodInput)),
  /** Null: the profile's, when it is not registered for VAT. */
  exemptionText: z.optional(
    z.nullable(
      storedText().check(
        z.trim(),
        z.maxLength(INVOICE_LIMITS.exemptionTextMax, INVOICE_MESSAGES.exemptionTextMax),
      ),
    ),
  ),
};

const oneSupply = z.refine<{ supplyDate?: string | null; supplyPeriod?: object | null }>(
  (draft) => !(draft.supplyDate && draft.supplyPeriod),
  { message: INVOICE_MESSAGES.supplyBoth, path: ['supplyDate'], ...whenFieldsValid },
);

export const invoiceCreateInput = z.object({ leadId: idField, ...draftFields }).check(oneSupply);
export const invoiceUpdateInput = z.object({ id: idField, ...draftFields }).check(oneSupply);
export type InvoiceDraftFields = Omit<z.output<typeof invoiceUpdateInput>, 'id'>;

/** A query-string value: blank is no filter. */
const blankIsAbsent = <T extends z.ZodMiniType>(field: T, message: string) =>
  z.pipe(
    z.optional(z.union([field, z.literal('')], message)),
    z.transform((value) => (value === '' ? undefined : value)),
  );

/** A day in a query string (YYYY-MM-DD, a real one); blank is no filter. */
export const dayFilter = blankIsAbsent(z.string().check(z.refine(isRealDay)), INVOICE_MESSAGES.day);

/** POST /api/invoices/:id/issue: `send` mails it to the buyer at once (docs/invoices.md). */
export const invoiceIssueInput = z.object({
  id: idField,
  send: z.optional(z.boolean('send must be true or false')),
});

/** POST /api/invoices/:id/reminders: the owner's "Stop reminders" switch. */
export const invoiceRemindersInput = z.object({
  id: idField,
  stopped: z.boolean('stopped must be true or false'),
});

export const invoiceListInput = z.prefault(
  z.object({
    status: blankIsAbsent(z.enum(invoiceStatusValues), DRAFT_MESSAGES.status),
    /** The issue day, from and to, both included (drafts have none). */
    from: dayFilter,
    to: dayFilter,
    leadId: blankIsAbsent(idField, 'Id must be a positive whole number'),
    /** A lead's final invoices, say, whatever page of its list is shown (an addition). */
    role: blankIsAbsent(z.enum(invoiceRoleValues), DRAFT_MESSAGES.role),
    page: pageField,
  }),
  {},
);
export type InvoiceListInput = z.output<typeof invoiceListInput>;

export const invoiceCreditInput = z
  .object({
    id: idField,
    /** Items of the invoice by their place (from 0), each whole or a quantity of it. */
    lines: z.optional(
      z
        .array(
          z.object({
            line: z
              .number(DRAFT_MESSAGES.creditLine)
              .check(
                z.int(DRAFT_MESSAGES.creditLine),
                z.minimum(0, DRAFT_MESSAGES.creditLine),
                z.maximum(INVOICE_LIMITS.itemsMax - 1, DRAFT_MESSAGES.creditLine),
              ),
            quantity: z.optional(invoiceItemInput.shape.quantity),
          }),
        )
        .check(z.minLength(1, INVOICE_MESSAGES.itemsMin)),
    ),
    /** A net amount in minor units, at the invoice's one tax rate. */
    amount: z.optional(
      z
        .number(INVOICE_MESSAGES.unitAmount)
        .check(
          z.int(INVOICE_MESSAGES.unitAmount),
          z.positive(INVOICE_MESSAGES.unitAmount),
          z.maximum(INVOICE_LIMITS.unitAmountMax, INVOICE_MESSAGES.unitAmount),
        ),
    ),
    reason: storedText().check(
      z.trim(),
      z.minLength(1, DRAFT_MESSAGES.reason),
      z.maxLength(500, DRAFT_MESSAGES.reason),
    ),
  })
  .check(
    z.refine((credit) => credit.lines === undefined || credit.amount === undefined, {
      message: DRAFT_MESSAGES.creditLinesOrAmount,
      path: ['amount'],
      ...whenFieldsValid,
    }),
  );
export type InvoiceCreditInput = z.output<typeof invoiceCreditInput>;
