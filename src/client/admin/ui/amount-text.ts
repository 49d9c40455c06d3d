/**
 * An amount as the owner types and reads it, in major units ("1500.00"), against the minor
 * units the server stores (150000): the proposals' and the invoices' prices and payments.
 */
import { minorDigits } from '#shared/proposals';

export const PRICE_MESSAGE = 'Price must be an amount such as 1500.00';

/** An amount in minor units as the owner reads it: 150000 EUR → "1500.00". */
export function majorText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * "1,500.5" in EUR → 150050; null when it is not an amount with at most the currency's
 * decimals. Computed on the digits, not by multiplying a float: "0.29" is 29, never 28.
 */
export function minorAmount(text: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
}
