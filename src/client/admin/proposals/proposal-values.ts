/**
 * The editor's fields as typed (text, prices in major units: "1500.00") and their way to the
 * server's input (minor units, docs/proposals.md). The figures the editor shows while typing
 * come from the shared `proposalAmounts`, the one rule the server stores.
 */
import type { z } from 'zod/mini';
import { defaultVat, type InvoiceSettings } from '#shared/invoices/settings';
import {
  isCurrency,
  proposalAmounts,
  proposalUpdateInput,
  type Deposit,
  type DepositKind,
  type ProposalItem,
} from '#shared/proposals';
import type { Proposal } from '#shared/shapes/proposals';
import { majorText, minorAmount, PRICE_MESSAGE } from '../ui/amount-text';
import type { ItemRowValues } from '../ui/draft-item-rows';

/** Prices are typed as every admin amount is; read here too, with the editor's other words. */
export { majorText, minorAmount, PRICE_MESSAGE };

/**
 * An item as typed: its VAT category may be '' to leave it to the server, which gives it the
 * seller profile's default once invoicing is on (docs/invoices.md, "Proposals and deposits").
 */
export type ItemValues = ItemRowValues;

/** The seller profile's default VAT, which the server gives an item left without one. */
export type VatDefaults = Pick<InvoiceSettings, 'defaultCategory' | 'defaultRate'>;

/**
 * What the seller profile says of VAT (`invoices.settings`): its defaults once invoicing is on;
 * null before, when an item left without a category has none (docs/invoices.md, "Proposals
 * and deposits").
 */
export interface SellerVat {
  defaults: VatDefaults | null;
}

export interface ProposalValues {
  title: string;
  summary: string;
  items: ItemValues[];
  currency: string;
  depositKind: DepositKind | 'none';
  /** Percent as a whole number, or an amount in major units. */
  depositValue: string;
  /** YYYY-MM-DD, or blank: 30 days after sending. */
  validUntil: string;
  terms: string;
}

/** Messages keyed by the input's dotted path: `title`, `items.1.unitAmount`, `deposit`. */
export type PathErrors = Record<string, string>;

export const QUANTITY_TEXT_MESSAGE = 'Quantity must be a number such as 1 or 1.5';
export const DEPOSIT_TEXT_MESSAGE = 'Deposit must be a number';

let nextKey = 1;
export const newItem = (): ItemValues => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  unitPrice: '',
  category: '',
  rate: '',
});

export function valuesOf(p: Proposal): ProposalValues {
  return {
    title: p.title,
    summary: p.summary,
    items: p.items.map((item) => ({
      key: nextKey++,
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: majorText(item.unitAmount, p.currency),
      category: item.category ?? '',
      rate: item.category === 'S' && item.rate !== undefined ? String(item.rate) : '',
    })),
    currency: p.currency,
    depositKind: p.deposit?.kind ?? 'none',
    depositValue: !p.deposit
      ? ''
      : p.deposit.kind === 'percent'
        ? String(p.deposit.value)
        : majorText(p.deposit.value, p.currency),
    validUntil: p.validUntil ?? '',
    terms: p.terms,
  };
}

/** The currency typed when it is one, else the one saved: a half-typed "US" prices nothing. */
export function effectiveCurrency(values: ProposalValues, saved: string): string {
  const code = values.currency.trim().toUpperCase();
  return isCurrency(code) ? code : saved;
}

type UpdateInput = z.input<typeof proposalUpdateInput>;
type Fields = Omit<UpdateInput, 'id'>;

function itemsOf(values: ProposalValues, currency: string, errors: PathErrors): ProposalItem[] {
  return values.items.map((item, index) => {
    const quantity = Number(item.quantity.trim().replaceAll(',', ''));
    const unitAmount = minorAmount(item.unitPrice, currency);
    if (item.quantity.trim() === '' || !Number.isFinite(quantity)) {
      errors[`items.${index}.quantity`] = QUANTITY_TEXT_MESSAGE;
    }
    if (unitAmount === null) errors[`items.${index}.unitAmount`] = PRICE_MESSAGE;
    const read = { description: item.description, quantity, unitAmount: unitAmount ?? 0 };
    // Left to the profile: neither is sent, so the server applies its default.
    if (item.category === '') return read;
    // A rate that does not fit its category is refused by the schema at `items.N.rate`, in
    // the server's words (`itemRateIssue`); the categories other than S have none to type.
    return {
      ...read,
      category: item.category,
      rate: item.category === 'S' ? rateOf(item.rate) : 0,
    };
  });
}

/**
 * "19" or "7.5" as a number; NaN (the schema's "Rate must be a percentage…") when blank or not
 * a number, so a blank is not read as 0, and "7,5" not as 75.
 */
function rateOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function depositOf(values: ProposalValues, currency: string, errors: PathErrors): Deposit | null {
  if (values.depositKind === 'none') return null;
  const value =
    values.depositKind === 'percent'
      ? Number(values.depositValue.trim())
      : minorAmount(values.depositValue, currency);
  if (value === null || values.depositValue.trim() === '' || !Number.isFinite(value)) {
    errors['deposit'] = DEPOSIT_TEXT_MESSAGE;
    return { kind: values.depositKind, value: 0 };
  }
  return { kind: values.depositKind, value };
}

/** The fields as the server takes them, with what cannot even be read as numbers refused. */
export function draftFields(
  values: ProposalValues,
  saved: string,
): { fields: Fields; errors: PathErrors } {
  const errors: PathErrors = {};
  const currency = effectiveCurrency(values, saved);
  const fields: Fields = {
    title: values.title,
    summary: values.summary,
    items: itemsOf(values, currency, errors),
    currency: values.currency,
    deposit: depositOf(values, currency, errors),
    validUntil: values.validUntil === '' ? null : values.validUntil,
    terms: values.terms,
  };
  return { fields, errors };
}

/**
 * What Save sends, checked first by the server's own schema (its words at each field), or
 * the messages by path. The server judges again, and its 400 comes back the same way.
 */
export function toUpdate(
  id: number,
  values: ProposalValues,
  saved: string,
): { ok: true; input: UpdateInput } | { ok: false; errors: PathErrors } {
  const { fields, errors } = draftFields(values, saved);
  const parsed = proposalUpdateInput.safeParse({ id, ...fields });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      // An item's own message wins over the list's; the typed-text messages over the schema's.
      errors[path] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, input: { id, ...fields } };
}

/**
 * The figures and deposit of what is typed, for the figures and the preview; rows not yet
 * readable count 0, a rate not yet readable is 0. With the profile's defaults (`profile`, while
 * invoicing is on), an item left to them is taxed as the server will store it (`defaultVat`,
 * its one rule).
 */
export function typedAmounts(
  values: ProposalValues,
  saved: string,
  profile: VatDefaults | null = null,
) {
  const { fields } = draftFields(values, saved);
  const items = (fields.items ?? []).map((item): ProposalItem => {
    const read = {
      ...item,
      quantity: Number.isFinite(item.quantity) && item.quantity > 0 ? item.quantity : 0,
    };
    if (read.category !== undefined) {
      const rate = read.rate ?? 0;
      return { ...read, rate: Number.isFinite(rate) && rate >= 0 ? rate : 0 };
    }
    return profile ? { ...read, ...defaultVat({}, profile) } : read;
  });
  const deposit = fields.deposit && fields.deposit.value > 0 ? fields.deposit : null;
  return {
    items,
    deposit,
    currency: effectiveCurrency(values, saved),
    ...proposalAmounts(items, deposit),
  };
}
