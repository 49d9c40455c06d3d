/**
 * The seller profile's form (docs/invoices.md, "The seller profile"): the fields as typed, the
 * profile they send, what is still missing in words, and the server's refusals by field. The
 * rules stay the server's (shared/invoices/settings.ts): the form turns text into the
 * profile's types and shows what the server says, never a second copy of its checks.
 */
import type { InvoiceSettings, InvoiceSettingsInput } from '#shared/invoices/settings';
import type { TaxCategory } from '#shared/invoices/codes';
import { serverIssues } from '../ui/field-issues';
import { sellerFieldLabel } from './invoice-labels';

/** Up to three address lines, as the profile allows (INVOICE_LIMITS.addressLinesMax). */
export const ADDRESS_LINES = 3;

export interface SellerProfileValues {
  legalName: string;
  addressLines: [string, string, string];
  postcode: string;
  city: string;
  country: string;
  email: string;
  vatRegistered: boolean;
  vatId: string;
  exemptionText: string;
  companyNumber: string;
  iban: string;
  bic: string;
  paymentTermsDays: string;
  defaultCategory: TaxCategory;
  defaultRate: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  /** "-3, 7, 21": days from the due date, before it negative. */
  reminderOffsets: string;
  bankTransferText: string;
  latePaymentText: string;
}

const text = (value: string | null) => value ?? '';
const numberText = (value: number | null) => (value === null ? '' : String(value));

export function formValues(saved: InvoiceSettings): SellerProfileValues {
  const lines = saved.addressLines;
  return {
    legalName: saved.legalName,
    addressLines: [text(lines[0] ?? null), text(lines[1] ?? null), text(lines[2] ?? null)],
    postcode: saved.postcode,
    city: saved.city,
    country: text(saved.country),
    email: text(saved.email),
    vatRegistered: saved.vatRegistered,
    vatId: text(saved.vatId),
    exemptionText: text(saved.exemptionText),
    companyNumber: text(saved.companyNumber),
    iban: text(saved.iban),
    bic: text(saved.bic),
    paymentTermsDays: String(saved.paymentTermsDays),
    defaultCategory: saved.defaultCategory,
    defaultRate: numberText(saved.defaultRate),
    invoicePrefix: saved.invoicePrefix,
    creditNotePrefix: saved.creditNotePrefix,
    reminderOffsets: saved.reminderOffsets.join(', '),
    bankTransferText: saved.bankTransferText,
    latePaymentText: saved.latePaymentText,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/**
 * A number as typed; what is not one goes as NaN (null in JSON), so the server's own message
 * for the field is the one shown.
 */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

/**
 * The profile the form sends: empty optional fields are null, empty address lines are left
 * out, the VAT ID goes only when registered and the exemption text only when not.
 */
export function profileOf(values: SellerProfileValues): InvoiceSettingsInput {
  const rate = values.defaultRate.trim();
  return {
    legalName: values.legalName.trim(),
    addressLines: values.addressLines.map((line) => line.trim()).filter(Boolean),
    postcode: values.postcode.trim(),
    city: values.city.trim(),
    country: orNull(values.country.toUpperCase()),
    email: orNull(values.email),
    vatRegistered: values.vatRegistered,
    vatId: values.vatRegistered ? orNull(values.vatId) : null,
    exemptionText: values.vatRegistered ? null : orNull(values.exemptionText),
    companyNumber: orNull(values.companyNumber),
    iban: orNull(values.iban),
    bic: orNull(values.bic),
    paymentTermsDays: numberOf(values.paymentTermsDays),
    defaultCategory: values.defaultCategory,
    defaultRate: rate === '' ? null : numberOf(rate),
    invoicePrefix: values.invoicePrefix.trim(),
    creditNotePrefix: values.creditNotePrefix.trim(),
    reminderOffsets: values.reminderOffsets
      .split(',')
      .map((offset) => offset.trim())
      .filter(Boolean)
      .map(numberOf),
    bankTransferText: values.bankTransferText,
    latePaymentText: values.latePaymentText,
  };
}

/** "Invoicing is on", or what it waits for: "Invoicing is off until: city and VAT ID". */
export function invoicingStatus(missing: readonly string[]): string {
  if (missing.length === 0) return 'Invoicing is on';
  const words = missing.map(sellerFieldLabel);
  return `Invoicing is off until: ${new Intl.ListFormat('en-GB').format(words)}`;
}

/**
 * The server's refusal (400, or 409 naming a prefix) as one message per field: an address
 * line by its place (`addressLines.1`), every reminder's issue on the reminders' field.
 */
export function profileIssues(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of serverIssues(error)) {
    const key = path.startsWith('reminderOffsets') ? 'reminderOffsets' : path;
    found[key] ??= message;
  }
  return found;
}
