/**
 * A draft invoice's editor fields as typed (text; prices in major units, "1500.00", a minus
 * for a discount) and their way to `invoices.update` (minor units, docs/invoices.md "The
 * rules"). The figures shown while typing come from the shared `invoiceTotals`, the one
 * computation the server stores: nothing here adds up an amount of its own.
 */
import type { z } from 'zod/mini';
import type { TaxCategory, UnitCode } from '#shared/invoices/codes';
import { invoiceUpdateInput } from '#shared/invoices/drafts';
import { defaultVat } from '#shared/invoices/settings';
import { invoiceTotals, type InvoiceItem } from '#shared/invoices/totals';
import type { Invoice } from '#shared/shapes/invoices';
import {
  majorText,
  minorAmount,
  PRICE_MESSAGE,
  QUANTITY_TEXT_MESSAGE,
  type PathErrors,
  type VatDefaults,
} from '../proposals/proposal-values';

/** The messages by path and the profile's default VAT: the proposals' editor's own types. */
export type { PathErrors, VatDefaults };

export interface InvoiceItemValues {
  /** Stable across adds and removes: the row's React key. */
  key: number;
  description: string;
  quantity: string;
  unitCode: UnitCode;
  /** Major units; a leading minus for a discount. */
  unitPrice: string;
  category: TaxCategory;
  /** Percent as typed; read only for S, every other category's rate is 0. */
  rate: string;
}

export interface InvoiceValues {
  items: InvoiceItemValues[];
  /** YYYY-MM-DD, or blank: the issue day plus the payment terms. */
  dueDate: string;
  /** YYYY-MM-DD, or blank; or a period (both days). All blank: the issue day. */
  supplyDate: string;
  supplyFrom: string;
  supplyTo: string;
  /** Blank: the profile's words when it is not registered for VAT. */
  exemptionText: string;
}

let nextKey = 1;

const rateText = (category: TaxCategory, rate: number) => (category === 'S' ? String(rate) : '');

/** A new row: one hour, at the profile's default VAT when it is known (else S, rate to type). */
export function newInvoiceItem(defaults: VatDefaults | null): InvoiceItemValues {
  const vat = defaults ? defaultVat({}, defaults) : { category: 'S' as const, rate: 0 };
  return {
    key: nextKey++,
    description: '',
    quantity: '1',
    unitCode: 'HUR',
    unitPrice: '',
    category: vat.category,
    rate: vat.category === 'S' && vat.rate > 0 ? String(vat.rate) : '',
  };
}

/** "-50.00" → -5000; null when not an amount with at most the currency's decimals. */
export function signedMinorAmount(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const amount = minorAmount(negative ? trimmed.slice(1) : trimmed, currency);
  if (amount === null) return null;
  return negative ? -amount : amount;
}

const signedMajorText = (amount: number, currency: string) =>
  amount < 0 ? `-${majorText(-amount, currency)}` : majorText(amount, currency);

export function invoiceValuesOf(invoice: Invoice): InvoiceValues {
  return {
    items: invoice.items.map((item) => ({
      key: nextKey++,
      description: item.description,
      quantity: String(item.quantity),
      unitCode: item.unitCode,
      unitPrice: signedMajorText(item.unitAmount, invoice.currency),
      category: item.category,
      rate: rateText(item.category, item.rate),
    })),
    dueDate: invoice.dueDate ?? '',
    supplyDate: invoice.supplyDate ?? '',
    supplyFrom: invoice.supplyPeriod?.from ?? '',
    supplyTo: invoice.supplyPeriod?.to ?? '',
    exemptionText: invoice.exemptionText ?? '',
  };
}

/** "19" or "7.5"; NaN when blank or not a number, so the schema says so at the rate. */
function rateOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

type UpdateInput = z.input<typeof invoiceUpdateInput>;

/** The items as the server takes them, with what cannot even be read as numbers refused. */
function itemsOf(values: InvoiceValues, currency: string, errors: PathErrors): InvoiceItem[] {
  return values.items.map((item, index) => {
    const quantity = Number(item.quantity.trim().replaceAll(',', ''));
    const unitAmount = signedMinorAmount(item.unitPrice, currency);
    if (item.quantity.trim() === '' || !Number.isFinite(quantity)) {
      errors[`items.${index}.quantity`] = QUANTITY_TEXT_MESSAGE;
    }
    if (unitAmount === null) errors[`items.${index}.unitAmount`] = PRICE_MESSAGE;
    return {
      description: item.description,
      quantity,
      unitCode: item.unitCode,
      unitAmount: unitAmount ?? 0,
      category: item.category,
      rate: item.category === 'S' ? rateOf(item.rate) : 0,
    };
  });
}

const dayOrNull = (day: string) => (day.trim() === '' ? null : day.trim());

/** Every field of the draft as `invoices.update` takes it, and the typed-text refusals. */
function draftFields(values: InvoiceValues, currency: string) {
  const errors: PathErrors = {};
  const from = dayOrNull(values.supplyFrom);
  const to = dayOrNull(values.supplyTo);
  const fields = {
    items: itemsOf(values, currency, errors),
    dueDate: dayOrNull(values.dueDate),
    supplyDate: dayOrNull(values.supplyDate),
    // Half a period is sent as it is, and refused at its blank end by the schema.
    supplyPeriod: from === null && to === null ? null : { from: from ?? '', to: to ?? '' },
    exemptionText: values.exemptionText.trim() === '' ? null : values.exemptionText,
  };
  return { fields, errors };
}

/**
 * What Save sends, checked first by the server's own schema (its words at each field), or
 * the messages by path. The server judges again, and its 400 comes back the same way.
 */
export function toInvoiceUpdate(
  id: number,
  values: InvoiceValues,
  currency: string,
): { ok: true; input: UpdateInput } | { ok: false; errors: PathErrors } {
  const { fields, errors } = draftFields(values, currency);
  const parsed = invoiceUpdateInput.safeParse({ id, ...fields });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[issue.path.map(String).join('.')] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, input: { id, ...fields } };
}

/**
 * The items as typed, for the figures and the preview: a row not yet readable counts 0, a
 * rate not yet readable is 0. Its figures are `invoiceTotals`'s, with the draft's prepaid
 * deposits (a final invoice's) deducted as the server does.
 */
export function typedInvoice(values: InvoiceValues, currency: string, prepaid: number) {
  const { fields } = draftFields(values, currency);
  const items = fields.items.map((item) => ({
    ...item,
    quantity: Number.isFinite(item.quantity) && item.quantity > 0 ? item.quantity : 0,
    rate: Number.isFinite(item.rate) && item.rate >= 0 ? item.rate : 0,
  }));
  return { items, totals: invoiceTotals(items, prepaid) };
}
