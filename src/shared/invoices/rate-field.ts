/**
 * A VAT rate as typed (docs/invoices.md, "The rules"): a percentage from 0 to 100 with at most
 * two decimals. Apart from the schemas so that a proposal's item (shared/proposals.ts) checks
 * its rate without loading the invoice's whole content rules.
 */
import { z } from 'zod/mini';
import { INVOICE_LIMITS, INVOICE_MESSAGES } from './messages';

/** Whether a number has at most `digits` decimals (as typed: 0.1 + 0.2 is refused at 1). */
export const decimals = (value: number, digits: number) => {
  const scaled = value * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

export const rateField = z.number(INVOICE_MESSAGES.rate).check(
  z.minimum(0, INVOICE_MESSAGES.rate),
  z.maximum(INVOICE_LIMITS.rateMax, INVOICE_MESSAGES.rate),
  z.refine((rate) => decimals(rate, 2), INVOICE_MESSAGES.rate),
);
