/**
 * Proposals' vocabulary (docs/proposals.md): what an owner may write in one, its limits and
 * messages, and the one computation of its total and deposit, shared by the server (which
 * alone stores them) and the editor's live preview (which shows the same figures).
 */
import { z } from 'zod/mini';
import { proposalStatusValues, type ProposalStatus } from './address-values';
import { idField, oneLine, pageField, storedText } from './validation';
import { isCurrency } from './money';
import { isRealDay } from './calendar-days';
import { taxCategoryValues, type TaxCategory } from './invoices/codes';
import { INVOICE_MESSAGES } from './invoices/messages';
import { proposalAmounts } from './proposal-vat';
import { rateField } from './invoices/rate-field';
import { itemRateIssue } from './proposal-vat';
export { itemRateIssue, proposalAmounts, type ProposalAmounts } from './proposal-vat';

export { proposalStatusValues, type ProposalStatus } from './address-values';
export { formatMoney, isCurrency, minorDigits, wholeUnits } from './money';

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
};

/** Statuses a client can still answer: accept or decline. */
export const OPEN_PROPOSAL_STATUSES = ['sent', 'viewed'] as const satisfies ProposalStatus[];

export const depositKindValues = ['percent', 'amount'] as const;
export type DepositKind = (typeof depositKindValues)[number];

export const paymentProviderValues = ['stripe', 'manual'] as const;
export type PaymentProvider = (typeof paymentProviderValues)[number];

export const PROPOSALS_PAGE_SIZE = 25;
export const DEFAULT_CURRENCY = 'EUR';
/** `validUntil` when the owner set none: this many days after sending. */
export const DEFAULT_VALID_DAYS = 30;

export const PROPOSAL_LIMITS = {
  titleMax: 200,
  summaryMax: 20_000,
  termsMax: 50_000,
  itemsMax: 50,
  descriptionMax: 500,
  /** Quantities have at most two decimals (half a day). */
  quantityMax: 100_000,
  /** Minor units (cents): ten million in a two-decimal currency. */
  unitAmountMax: 1_000_000_000,
  noteMax: 500,
  declineReasonMax: 2_000,
  nameMax: 200,
  bankTransferMax: 2_000,
  priceListMax: 5_000,
} as const;

export const PROPOSAL_MESSAGES = {
  notFound: 'Proposal not found',
  leadNotFound: 'Lead not found',
  titleRequired: 'Title is required',
  titleMax: `Title must be at most ${PROPOSAL_LIMITS.titleMax} characters`,
  titleOneLine: 'Title must be one line',
  summaryMax: `Summary must be at most ${PROPOSAL_LIMITS.summaryMax.toLocaleString('en-US')} characters`,
  termsMax: `Terms must be at most ${PROPOSAL_LIMITS.termsMax.toLocaleString('en-US')} characters`,
  itemsMax: `A proposal has at most ${PROPOSAL_LIMITS.itemsMax} items`,
  descriptionRequired: 'Each item needs a description',
  descriptionMax: `An item's description must be at most ${PROPOSAL_LIMITS.descriptionMax} characters`,
  descriptionOneLine: "An item's description must be one line",
  quantity: `Quantity must be a number above 0 and at most ${PROPOSAL_LIMITS.quantityMax.toLocaleString('en-US')}, with at most two decimals`,
  unitAmount: `Price must be a whole number of cents from 0 to ${PROPOSAL_LIMITS.unitAmountMax.toLocaleString('en-US')}`,
  currency: 'Currency must be a three-letter ISO 4217 code, such as EUR',
  depositPercent: 'A deposit in percent must be a whole number from 1 to 100',
  depositAmount: 'A deposit amount must be a whole number of cents above 0',
  depositAboveTotal: 'The deposit cannot be more than the total',
  validUntil: 'Valid until must be a day (YYYY-MM-DD)',
  validUntilPast:
    'Valid until has passed: choose today or a later day, or leave it blank for 30 days from sending',
  notDraft: 'Only a draft can be changed',
  notSendable: 'Only a draft can be sent',
  nothingToSend: 'Add at least one item with a price before sending',
  notRevisable: 'Only a sent, viewed or declined proposal can be revised',
  alreadyRevised: 'This proposal already has a newer draft',
  notWithdrawable: 'Only a proposal that is out can be withdrawn',
  paymentAmount: 'Amount must be a whole number of cents above 0',
  paymentNotAccepted: 'Payments are recorded on an accepted proposal',
  paidAt: 'Paid on must be a day (YYYY-MM-DD) or a date and time (ISO 8601)',
  noteMax: `Note must be at most ${PROPOSAL_LIMITS.noteMax} characters`,
  status: `Status must be ${proposalStatusValues.slice(0, -1).join(', ')} or ${proposalStatusValues.at(-1)}`,
  bankTransferMax: `Bank transfer text must be at most ${PROPOSAL_LIMITS.bankTransferMax.toLocaleString('en-US')} characters`,
  priceListMax: `Price list must be at most ${PROPOSAL_LIMITS.priceListMax.toLocaleString('en-US')} characters`,
} as const;

export interface ProposalItem {
  description: string;
  quantity: number;
  /** Net of tax when the item has a category, in minor units. */
  unitAmount: number;
  /**
   * The VAT category and rate its invoice will carry (docs/invoices.md, "Proposals and
   * deposits"); absent on a proposal written before invoicing was set up: no tax.
   */
  category?: TaxCategory;
  rate?: number;
}
export interface Deposit {
  kind: DepositKind;
  value: number;
}

/** An item's amount: the quantity in hundredths, so 1.5 × 999 is exact before rounding. */
export function lineAmount(item: ProposalItem): number {
  return Math.round((Math.round(item.quantity * 100) * item.unitAmount) / 100);
}

export const proposalItemInput = z
  .object({
    description: storedText().check(
      z.trim(),
      z.minLength(1, PROPOSAL_MESSAGES.descriptionRequired),
      z.maxLength(PROPOSAL_LIMITS.descriptionMax, PROPOSAL_MESSAGES.descriptionMax),
      oneLine(PROPOSAL_MESSAGES.descriptionOneLine),
    ),
    quantity: z.number(PROPOSAL_MESSAGES.quantity).check(
      z.positive(PROPOSAL_MESSAGES.quantity),
      z.maximum(PROPOSAL_LIMITS.quantityMax, PROPOSAL_MESSAGES.quantity),
      z.refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, PROPOSAL_MESSAGES.quantity),
    ),
    unitAmount: z
      .number(PROPOSAL_MESSAGES.unitAmount)
      .check(
        z.int(PROPOSAL_MESSAGES.unitAmount),
        z.minimum(0, PROPOSAL_MESSAGES.unitAmount),
        z.maximum(PROPOSAL_LIMITS.unitAmountMax, PROPOSAL_MESSAGES.unitAmount),
      ),
    category: z.optional(z.enum(taxCategoryValues, INVOICE_MESSAGES.category)),
    rate: z.optional(rateField),
  })
  .check(
    // Each message only where its rule is the one broken, and only once the fields are valid.
    ...[INVOICE_MESSAGES.standardRate, INVOICE_MESSAGES.zeroRate].map((message) =>
      z.refine<Pick<ProposalItem, 'category' | 'rate'>>((item) => itemRateIssue(item) !== message, {
        message,
        path: ['rate'],
        when: (payload) => payload.issues.length === 0,
      }),
    ),
  );

export const depositInput = z.nullable(
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('percent'),
      value: z
        .number(PROPOSAL_MESSAGES.depositPercent)
        .check(
          z.int(PROPOSAL_MESSAGES.depositPercent),
          z.minimum(1, PROPOSAL_MESSAGES.depositPercent),
          z.maximum(100, PROPOSAL_MESSAGES.depositPercent),
        ),
    }),
    z.object({
      kind: z.literal('amount'),
      value: z
        .number(PROPOSAL_MESSAGES.depositAmount)
        .check(
          z.int(PROPOSAL_MESSAGES.depositAmount),
          z.positive(PROPOSAL_MESSAGES.depositAmount),
          z.maximum(Number.MAX_SAFE_INTEGER, PROPOSAL_MESSAGES.depositAmount),
        ),
    }),
  ]),
);

export const currencyField = z
  .pipe(
    z.string(PROPOSAL_MESSAGES.currency).check(z.trim()),
    z.transform((code) => code.toUpperCase()),
  )
  .check(z.refine(isCurrency, PROPOSAL_MESSAGES.currency));

export const dayField = (message: string) => z.string(message).check(z.refine(isRealDay, message));

/** What the owner writes in a draft; every field optional on a change (PATCH). */
const draftFields = {
  title: storedText().check(
    z.trim(),
    z.minLength(1, PROPOSAL_MESSAGES.titleRequired),
    z.maxLength(PROPOSAL_LIMITS.titleMax, PROPOSAL_MESSAGES.titleMax),
    oneLine(PROPOSAL_MESSAGES.titleOneLine),
  ),
  summary: storedText().check(
    z.maxLength(PROPOSAL_LIMITS.summaryMax, PROPOSAL_MESSAGES.summaryMax),
  ),
  items: z
    .array(proposalItemInput)
    .check(z.maxLength(PROPOSAL_LIMITS.itemsMax, PROPOSAL_MESSAGES.itemsMax)),
  currency: currencyField,
  deposit: depositInput,
  validUntil: z.nullable(dayField(PROPOSAL_MESSAGES.validUntil)),
  terms: storedText().check(z.maxLength(PROPOSAL_LIMITS.termsMax, PROPOSAL_MESSAGES.termsMax)),
};

/** A deposit given as an amount may not exceed the total it is part of. */
function depositWithinTotal(draft: { items?: ProposalItem[]; deposit?: Deposit | null }): boolean {
  if (!draft.items || draft.deposit?.kind !== 'amount') return true;
  return draft.deposit.value <= proposalAmounts(draft.items, null).total;
}

/** Every field of a draft but the title, each optional: left out, it keeps its default or value. */
const optionalFields = {
  summary: z.optional(draftFields.summary),
  items: z.optional(draftFields.items),
  currency: z.optional(draftFields.currency),
  deposit: z.optional(draftFields.deposit),
  validUntil: z.optional(draftFields.validUntil),
  terms: z.optional(draftFields.terms),
};

const depositCheck = z.refine<{ items?: ProposalItem[]; deposit?: Deposit | null }>(
  depositWithinTotal,
  {
    message: PROPOSAL_MESSAGES.depositAboveTotal,
    path: ['deposit'],
  },
);

/** POST /api/leads/:id/proposals: a title at least; the rest has defaults. */
export const proposalCreateInput = z
  .object({ id: idField, title: draftFields.title, ...optionalFields })
  .check(depositCheck);

/** PATCH /api/proposals/:id: what changes; the deposit is checked again against the stored items. */
export const proposalUpdateInput = z
  .object({ id: idField, title: z.optional(draftFields.title), ...optionalFields })
  .check(depositCheck);

export const proposalListInput = z.object({
  status: z.pipe(
    z.optional(z.union([z.enum(proposalStatusValues), z.literal('')], PROPOSAL_MESSAGES.status)),
    z.transform((status) => (status ? status : undefined)),
  ),
  page: pageField,
});

/** POST /api/proposals/:id/payments: a payment the owner received outside Stripe. */
export const manualPaymentInput = z.object({
  id: idField,
  amount: z
    .number(PROPOSAL_MESSAGES.paymentAmount)
    .check(
      z.int(PROPOSAL_MESSAGES.paymentAmount),
      z.positive(PROPOSAL_MESSAGES.paymentAmount),
      z.maximum(Number.MAX_SAFE_INTEGER, PROPOSAL_MESSAGES.paymentAmount),
    ),
  paidAt: z
    .string(PROPOSAL_MESSAGES.paidAt)
    .check(
      z.refine(
        (value) => isRealDay(value) || (value.includes('T') && !Number.isNaN(Date.parse(value))),
        PROPOSAL_MESSAGES.paidAt,
      ),
    ),
  note: z.optional(
    storedText().check(z.trim(), z.maxLength(PROPOSAL_LIMITS.noteMax, PROPOSAL_MESSAGES.noteMax)),
  ),
});

/**
 * The owner's settings for proposals: the currency, the bank-transfer text, a price list, and
 * the terms new proposals start with (left out of a PUT, they stay as they are).
 */
export const proposalSettingsInput = z.object({
  currency: currencyField,
  bankTransferText: storedText().check(
    z.trim(),
    z.maxLength(PROPOSAL_LIMITS.bankTransferMax, PROPOSAL_MESSAGES.bankTransferMax),
  ),
  priceList: storedText().check(
    z.trim(),
    z.maxLength(PROPOSAL_LIMITS.priceListMax, PROPOSAL_MESSAGES.priceListMax),
  ),
  defaultTerms: z.optional(draftFields.terms),
});
export type ProposalSettingsInput = z.infer<typeof proposalSettingsInput>;
/** The settings as read: the default terms always there (the starting text until saved). */
export type ProposalSettings = Required<ProposalSettingsInput>;

/** `P-<year>-<n>`: n counts the year's proposals from 1 and is never reused. */
export function proposalNumber(year: number, n: number): string {
  return `P-${year}-${n}`;
}
