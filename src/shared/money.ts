/**
 * Money in a currency's minor units (cents), as proposals and payments keep it
 * (docs/proposals.md): which codes are currencies, how many decimals each has, and how an
 * amount is written for people.
 */

/** Whether a code names a currency this runtime knows (ISO 4217). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per currency, made once: a formatter costs far more to make than to use, and
 * an invoice of 100 lines writes some 300 amounts.
 */
const formatters = new Map<string, { digits: number; format: Intl.NumberFormat }>();

function formatterOf(currency: string) {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatter = { digits, format };
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** How many decimals a currency's minor unit has: 2 for EUR, 0 for JPY. */
export function minorDigits(currency: string): number {
  return formatterOf(currency).digits;
}

/** An amount in minor units written for people: 1234567 EUR → "€12,345.67". */
export function formatMoney(amount: number, currency: string): string {
  const { digits, format } = formatterOf(currency);
  return format.format(amount / 10 ** digits);
}

/** A lead's value is kept in whole units of the currency (docs/leads.md). */
export function wholeUnits(amount: number, currency: string): number {
  return Math.round(amount / 10 ** minorDigits(currency));
}

/** An amount in whole units written for people: 12000 GBP → "£12,000" (a lead's value, won value). */
export function formatWholeMoney(units: number, currency: string): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(units);
}
