/**
 * What the credit dialog sends (`invoices.credit`, docs/api.md "Invoices"): all that is left
 * (no lines, no amount), an amount before tax in minor units, or the lines typed by their place
 * with their quantity; always the reason. What cannot be read is refused by field first, and
 * the server's `lines.N.quantity` is shown at the item it names.
 */
import type { z } from 'zod/mini';
import type { invoiceCreditInput } from '#shared/invoices/drafts';
import { minorAmount, PRICE_MESSAGE, QUANTITY_TEXT_MESSAGE } from '../proposals/proposal-values';
import type { PathErrors } from './invoice-values';

export const creditWays = ['whole', 'amount', 'lines'] as const;
export type CreditWay = (typeof creditWays)[number];

export interface CreditTyped {
  way: CreditWay;
  amount: string;
  /** Per item, in its order: blank for none. */
  quantities: string[];
  reason: string;
}

export const CREDIT_MESSAGES = {
  noLine: 'Give the quantity to credit of at least one line',
  reason: 'Give the reason for the credit',
} as const;

type CreditInput = z.input<typeof invoiceCreditInput>;

/** The input, with which item each sent line is; or the messages by field. */
export function creditInput(
  id: number,
  currency: string,
  typed: CreditTyped,
): { ok: true; input: CreditInput; sentLines: number[] } | { ok: false; errors: PathErrors } {
  const errors: PathErrors = {};
  let input: CreditInput = { id, reason: typed.reason };
  const lines: { line: number; quantity: number }[] = [];
  if (typed.way === 'amount') {
    const amount = minorAmount(typed.amount, currency);
    if (amount === null) errors['amount'] = PRICE_MESSAGE;
    else input = { ...input, amount };
  } else if (typed.way === 'lines') {
    typed.quantities.forEach((text, line) => {
      if (text.trim() === '') return;
      const quantity = Number(text.trim().replaceAll(',', ''));
      if (!Number.isFinite(quantity)) errors[`quantity.${line}`] = QUANTITY_TEXT_MESSAGE;
      else lines.push({ line, quantity });
    });
    if (lines.length === 0 && Object.keys(errors).length === 0)
      errors['lines'] = CREDIT_MESSAGES.noLine;
    input = { ...input, lines };
  }
  if (typed.reason.trim() === '') errors['reason'] = CREDIT_MESSAGES.reason;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input, sentLines: lines.map(({ line }) => line) };
}

/** The server's refusals by field, `lines.N.quantity` also at the item the Nth sent line is. */
export function creditIssues(issues: PathErrors, sentLines: readonly number[]): PathErrors {
  const shown = { ...issues };
  for (const [path, message] of Object.entries(issues)) {
    const match = /^lines\.(\d+)\.quantity$/.exec(path);
    const item = match ? sentLines[Number(match[1])] : undefined;
    if (item !== undefined) shown[`quantity.${item}`] = message;
  }
  return shown;
}
