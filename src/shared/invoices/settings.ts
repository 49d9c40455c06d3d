/**
 * The seller profile (docs/invoices.md, "The seller profile"): who issues the invoices, how
 * they are paid, the default tax, the series and the reminders. It may be saved unfinished;
 * invoicing is on once nothing is missing (`sellerMissing`), and the seller an invoice names
 * is made from it by `sellerOf`, for the server that issues and the editor that previews.
 */
import { z } from 'zod/mini';
import { emailField, storedText } from '../validation';
import { taxCategoryValues, type TaxCategory } from './codes';
import { isVatIdOf } from './identifiers';
import { INVOICE_LIMITS, INVOICE_MESSAGES } from './messages';
import {
  bicField,
  countryField,
  ibanField,
  lineField,
  rateField,
  vatIdField,
  whenFieldsValid,
  type InvoiceContentInput,
} from './schemas';

export const SETTINGS_LIMITS = {
  paymentTermsMax: 120,
  remindersMax: 5,
  reminderEarliest: -30,
  reminderLatest: 90,
  prefixMax: 10,
  bankTransferMax: 2_000,
  latePaymentMax: 500,
} as const;

const L = SETTINGS_LIMITS;

export const SETTINGS_MESSAGES = {
  paymentTermsDays: `Payment terms must be a whole number of days from 0 to ${L.paymentTermsMax}`,
  prefix: `A prefix is 1 to ${L.prefixMax} capital letters or digits, such as INV`,
  samePrefix: 'Credit notes need a prefix of their own',
  reminders: `At most ${L.remindersMax} reminders, each a whole number of days from ${L.reminderEarliest} (before the due date) to ${L.reminderLatest} (after it)`,
  vatIdNotRegistered: 'Leave the VAT ID empty when not registered for VAT',
  notRegisteredCategory: 'Without a VAT registration, invoices are not subject to VAT (O)',
  bankTransferMax: `Bank transfer text must be at most ${L.bankTransferMax.toLocaleString('en-US')} characters`,
  latePaymentMax: `The late-payment sentence must be at most ${L.latePaymentMax} characters`,
  prefixFixed:
    "This prefix is fixed until the year ends: this year's first document was issued with it",
} as const;

const prefixField = z.pipe(
  z.string(SETTINGS_MESSAGES.prefix).check(z.trim()),
  z
    .transform((prefix: string) => prefix.toUpperCase())
    .check(z.regex(new RegExp(`^[A-Z0-9]{1,${L.prefixMax}}$`), SETTINGS_MESSAGES.prefix)),
);

const offsetField = z
  .number(SETTINGS_MESSAGES.reminders)
  .check(
    z.int(SETTINGS_MESSAGES.reminders),
    z.minimum(L.reminderEarliest, SETTINGS_MESSAGES.reminders),
    z.maximum(L.reminderLatest, SETTINGS_MESSAGES.reminders),
  );

export const invoiceSettingsInput = z
  .object({
    legalName: lineField(INVOICE_LIMITS.nameMax, INVOICE_MESSAGES.nameMax),
    addressLines: z
      .array(lineField(INVOICE_LIMITS.addressLineMax, INVOICE_MESSAGES.addressLine))
      .check(z.maxLength(INVOICE_LIMITS.addressLinesMax, INVOICE_MESSAGES.addressLinesMax)),
    postcode: lineField(INVOICE_LIMITS.postcodeMax, INVOICE_MESSAGES.postcode),
    city: lineField(INVOICE_LIMITS.cityMax, INVOICE_MESSAGES.city),
    country: z.nullable(countryField),
    email: z.nullable(emailField),
    vatRegistered: z.boolean(),
    vatId: vatIdField,
    exemptionText: z.nullable(
      storedText().check(
        z.trim(),
        z.maxLength(INVOICE_LIMITS.exemptionTextMax, INVOICE_MESSAGES.exemptionTextMax),
      ),
    ),
    companyNumber: z.nullable(
      lineField(INVOICE_LIMITS.companyNumberMax, INVOICE_MESSAGES.companyNumber),
    ),
    iban: ibanField,
    bic: bicField,
    paymentTermsDays: z
      .number(SETTINGS_MESSAGES.paymentTermsDays)
      .check(
        z.int(SETTINGS_MESSAGES.paymentTermsDays),
        z.minimum(0, SETTINGS_MESSAGES.paymentTermsDays),
        z.maximum(L.paymentTermsMax, SETTINGS_MESSAGES.paymentTermsDays),
      ),
    defaultCategory: z.enum(taxCategoryValues, INVOICE_MESSAGES.category),
    defaultRate: z.nullable(rateField),
    invoicePrefix: prefixField,
    creditNotePrefix: prefixField,
    reminderOffsets: z
      .array(offsetField)
      .check(z.maxLength(L.remindersMax, SETTINGS_MESSAGES.reminders)),
    bankTransferText: storedText().check(
      z.maxLength(L.bankTransferMax, SETTINGS_MESSAGES.bankTransferMax),
    ),
    /**
     * The owner's own words for reminders of an overdue invoice (the UK's statutory interest,
     * for one): none by default, and never computed (docs/invoices.md, "Reminders").
     */
    latePaymentText: z._default(
      storedText().check(z.trim(), z.maxLength(L.latePaymentMax, SETTINGS_MESSAGES.latePaymentMax)),
      '',
    ),
  })
  .check(
    z.superRefine((settings, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', message, path: [path], input: settings });
      const { vatId, country } = settings;
      // Checked once both are given: a profile may be saved unfinished.
      if (vatId !== null && country !== null && !isVatIdOf(vatId, country)) {
        issue('vatId', INVOICE_MESSAGES.vatIdFormat);
      }
      if (!settings.vatRegistered && vatId !== null) {
        issue('vatId', SETTINGS_MESSAGES.vatIdNotRegistered);
      }
      if (!settings.vatRegistered && settings.defaultCategory !== 'O') {
        issue('defaultCategory', SETTINGS_MESSAGES.notRegisteredCategory);
      }
      const rate = settings.defaultRate;
      if (rate !== null && settings.defaultCategory === 'S' && !(rate > 0)) {
        issue('defaultRate', INVOICE_MESSAGES.standardRate);
      }
      if (rate !== null && settings.defaultCategory !== 'S' && rate !== 0) {
        issue('defaultRate', INVOICE_MESSAGES.zeroRate);
      }
      if (settings.invoicePrefix === settings.creditNotePrefix) {
        issue('creditNotePrefix', SETTINGS_MESSAGES.samePrefix);
      }
    }, whenFieldsValid),
  );

export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInput>;
export type InvoiceSettings = z.output<typeof invoiceSettingsInput>;

/** The profile before the owner saved one: nothing of theirs, 14 days, the usual prefixes. */
export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = Object.freeze({
  legalName: '',
  addressLines: [],
  postcode: '',
  city: '',
  country: null,
  email: null,
  vatRegistered: true,
  vatId: null,
  exemptionText: null,
  companyNumber: null,
  iban: null,
  bic: null,
  paymentTermsDays: 14,
  defaultCategory: 'S' as TaxCategory,
  // No rate is guessed: the owner's country and trade decide it (docs/invoices.md).
  defaultRate: null,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  reminderOffsets: [-3, 7, 21],
  bankTransferText: '',
  latePaymentText: '',
});

/**
 * The fields an invoice needs that the profile lacks, by their names in the profile; none
 * when invoicing is on. The postcode is not among them: some countries have none.
 */
export function sellerMissing(settings: InvoiceSettings): (keyof InvoiceSettings)[] {
  const missing: (keyof InvoiceSettings)[] = [];
  if (!settings.legalName) missing.push('legalName');
  if (!settings.addressLines.some(Boolean)) missing.push('addressLines');
  if (!settings.city) missing.push('city');
  if (settings.country === null) missing.push('country');
  if (settings.email === null) missing.push('email');
  if (settings.vatRegistered && settings.vatId === null) missing.push('vatId');
  // Outside VAT, the reason is printed instead of tax and the company number names the seller
  // (BR-CO-26; docs/invoices.md, "The rules").
  if (!settings.vatRegistered && !settings.exemptionText) missing.push('exemptionText');
  if (!settings.vatRegistered && !settings.companyNumber) missing.push('companyNumber');
  if (settings.defaultCategory === 'S' && settings.defaultRate === null) {
    missing.push('defaultRate');
  }
  return missing;
}

/** The seller an invoice names, from a complete profile (BG-4). */
export function sellerOf(settings: InvoiceSettings): InvoiceContentInput['seller'] {
  return {
    name: settings.legalName,
    addressLines: settings.addressLines.filter(Boolean),
    postcode: settings.postcode,
    city: settings.city,
    country: settings.country ?? '',
    vatId: settings.vatRegistered ? settings.vatId : null,
    email: settings.email,
    companyNumber: settings.companyNumber,
    iban: settings.iban,
    bic: settings.bic,
  };
}

/**
 * An item's category and rate where it gave none: the profile's default category, and its
 * default rate only for that category (another category's rate is 0 unless given). The one
 * rule for invoice drafts and proposals' items.
 */
export function defaultVat(
  item: { category?: TaxCategory | undefined; rate?: number | undefined },
  settings: Pick<InvoiceSettings, 'defaultCategory' | 'defaultRate'>,
): { category: TaxCategory; rate: number } {
  const category = item.category ?? settings.defaultCategory;
  const usual = category === settings.defaultCategory ? (settings.defaultRate ?? 0) : 0;
  return { category, rate: item.rate ?? usual };
}
