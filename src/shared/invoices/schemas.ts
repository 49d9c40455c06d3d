/**
 * The zod schemas of an invoice's content (docs/invoices.md, "The rules"): its items, its
 * parties and its dates, each refusal named by the field to fix (`items.3.rate`,
 * `buyer.vatId`, `dueDate`), and the tax rules (tax-rules.ts) run over the whole once every
 * field is valid. The routers and the admin's editor take these, never copies.
 */
import { z } from 'zod/mini';
import { isRealDay } from '../calendar-days';
import { emailField, oneLine, storedText } from '../validation';
import { COUNTRY_CODES, isInvoiceCurrency, taxCategoryValues, unitCodeValues } from './codes';
import { compactBic, compactIban, compactVatId, isBic, isIban, isVatIdOf } from './identifiers';
import { INVOICE_LIMITS as LIMITS, INVOICE_MESSAGES as MESSAGES } from './messages';
import { decimals, rateField } from './rate-field';
import { invoiceRuleIssues } from './tax-rules';
import { lineNet } from './totals';

/**
 * A check over several fields runs only once each of them is valid: zod would otherwise run it
 * beside a field's own refusal (a price of 1.5 cents would reach the totals' integers).
 */
export const whenFieldsValid = {
  when: (payload: { issues: unknown[] }) => payload.issues.length === 0,
};

/** Upper-cased, then one of `codes`. */
const codeField = (isCode: (code: string) => boolean, message: string) =>
  z
    .pipe(
      z.string(message).check(z.trim()),
      z.transform((code) => code.toUpperCase()),
    )
    .check(z.refine(isCode, message));

export const invoiceCurrencyField = codeField(isInvoiceCurrency, MESSAGES.currency);
export const countryField = codeField((code) => COUNTRY_CODES.has(code), MESSAGES.country);
export const invoiceDayField = z.string(MESSAGES.day).check(z.refine(isRealDay, MESSAGES.day));

/** One line of stored text, trimmed, within `max`; at least one character when `required`. */
export const lineField = (max: number, message: string, required?: string) =>
  storedText().check(
    z.trim(),
    z.minLength(required ? 1 : 0, required ?? message),
    z.maxLength(max, message),
    oneLine(message),
  );

/** A line's net within what 100 lines can sum exactly (INVOICE_LIMITS.lineNetMax). */
export const lineWithinLimit = z.refine<{ quantity: number; unitAmount: number }>(
  (item) => Math.abs(lineNet(item)) <= LIMITS.lineNetMax,
  { message: MESSAGES.lineTooLarge, path: ['unitAmount'], ...whenFieldsValid },
);

/** A rate in percent: 0 to 100, at most two decimals (rate-field.ts). */
export { rateField };

export const invoiceItemInput = z
  .object({
    description: lineField(
      LIMITS.descriptionMax,
      MESSAGES.descriptionMax,
      MESSAGES.descriptionRequired,
    ),
    quantity: z.number(MESSAGES.quantity).check(
      z.positive(MESSAGES.quantity),
      z.maximum(LIMITS.quantityMax, MESSAGES.quantity),
      z.refine((quantity) => decimals(quantity, 3), MESSAGES.quantity),
    ),
    unitCode: z.enum(unitCodeValues, MESSAGES.unitCode),
    unitAmount: z
      .number(MESSAGES.unitAmount)
      .check(
        z.int(MESSAGES.unitAmount),
        z.minimum(-LIMITS.unitAmountMax, MESSAGES.unitAmount),
        z.maximum(LIMITS.unitAmountMax, MESSAGES.unitAmount),
      ),
    category: z.enum(taxCategoryValues, MESSAGES.category),
    rate: rateField,
  })
  .check(lineWithinLimit);

export const invoiceItemsInput = z
  .array(invoiceItemInput)
  .check(z.minLength(1, MESSAGES.itemsMin), z.maxLength(LIMITS.itemsMax, MESSAGES.itemsMax));

/** A VAT ID as typed ("de 136 695 976"), kept compact; checked against its party's country. */
export const vatIdField = z.nullable(
  z.pipe(
    lineField(LIMITS.vatIdMax, MESSAGES.vatIdFormat),
    z.transform((vatId) => (vatId ? compactVatId(vatId) : null)),
  ),
);

const partyFields = {
  name: lineField(LIMITS.nameMax, MESSAGES.nameMax, MESSAGES.nameRequired),
  addressLines: z.array(lineField(LIMITS.addressLineMax, MESSAGES.addressLine)).check(
    z.refine((lines) => lines.some(Boolean), MESSAGES.addressRequired),
    z.maxLength(LIMITS.addressLinesMax, MESSAGES.addressLinesMax),
  ),
  postcode: lineField(LIMITS.postcodeMax, MESSAGES.postcode),
  city: lineField(LIMITS.cityMax, MESSAGES.city, MESSAGES.cityRequired),
  country: countryField,
  vatId: vatIdField,
};

export const vatIdOfCountry = z.refine<{ vatId: string | null; country: string }>(
  (party) => party.vatId === null || isVatIdOf(party.vatId, party.country),
  { message: MESSAGES.vatIdFormat, path: ['vatId'], ...whenFieldsValid },
);

/** The buyer as the invoice names it (BG-7), with the buyer's reference or order number. */
export const buyerFields = {
  ...partyFields,
  reference: z.nullable(lineField(LIMITS.referenceMax, MESSAGES.reference)),
};
export const buyerInput = z.object(buyerFields).check(vatIdOfCountry);

export const ibanField = z.nullable(
  z.pipe(z.string(MESSAGES.iban).check(z.refine(isIban, MESSAGES.iban)), z.transform(compactIban)),
);
export const bicField = z.nullable(
  z.pipe(z.string(MESSAGES.bic).check(z.refine(isBic, MESSAGES.bic)), z.transform(compactBic)),
);

/** The seller as the invoice names it (BG-4): who to pay, and how. */
export const sellerInput = z
  .object({
    ...partyFields,
    email: z.nullable(emailField),
    companyNumber: z.nullable(lineField(LIMITS.companyNumberMax, MESSAGES.companyNumber)),
    iban: ibanField,
    bic: bicField,
  })
  .check(vatIdOfCountry);

export const supplyPeriodInput = z.object({ from: invoiceDayField, to: invoiceDayField }).check(
  z.refine((period) => period.to >= period.from, {
    message: MESSAGES.periodReversed,
    path: ['to'],
    ...whenFieldsValid,
  }),
);

/**
 * An invoice's content as it is issued: what the tax rules, the XML and the PDF read. The
 * number, the kind and the references are the issuing's (docs/invoices.md).
 */
export const invoiceContentInput = z
  .object({
    currency: invoiceCurrencyField,
    issueDate: invoiceDayField,
    dueDate: invoiceDayField,
    supplyDate: z.nullable(invoiceDayField),
    supplyPeriod: z.nullable(supplyPeriodInput),
    items: invoiceItemsInput,
    exemptionText: z.nullable(
      storedText().check(z.trim(), z.maxLength(LIMITS.exemptionTextMax, MESSAGES.exemptionTextMax)),
    ),
    paymentTerms: z.nullable(
      storedText().check(z.trim(), z.maxLength(LIMITS.paymentTermsMax, MESSAGES.paymentTerms)),
    ),
    seller: sellerInput,
    buyer: buyerInput,
    prepaid: z
      .number(MESSAGES.prepaid)
      .check(z.int(MESSAGES.prepaid), z.minimum(0, MESSAGES.prepaid)),
  })
  .check(
    z.superRefine((invoice, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.issues.push({ code: 'custom', message, path, input: invoice });
      if (invoice.dueDate < invoice.issueDate) issue(['dueDate'], MESSAGES.dueBeforeIssue);
      if (!invoice.supplyDate && !invoice.supplyPeriod) {
        issue(['supplyDate'], MESSAGES.supplyMissing);
      }
      if (invoice.supplyDate && invoice.supplyPeriod) issue(['supplyDate'], MESSAGES.supplyBoth);
      for (const broken of invoiceRuleIssues(invoice)) issue(broken.path, broken.message);
    }, whenFieldsValid),
  );

export type InvoiceContentInput = z.input<typeof invoiceContentInput>;
export type InvoiceContent = z.output<typeof invoiceContentInput>;
export type InvoiceSeller = z.output<typeof sellerInput>;
export type InvoiceBuyer = z.output<typeof buyerInput>;
