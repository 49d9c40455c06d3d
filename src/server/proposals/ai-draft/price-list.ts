/**
 * Whether a price the model gives an item is the owner's (docs/ai.md, "Proposal drafts"): the
 * price list is free text the owner wrote ("Discovery workshop: 1500 EUR per day"), so the
 * model must quote the line it priced from, and the price counts only when that quote is in the
 * list, names the price, and names no other currency. Anything else is 0: the owner prices the
 * item. A model cannot make up a figure the owner never wrote.
 */
import { isCurrency, minorDigits, PROPOSAL_LIMITS } from '#shared/proposals';

/** Lower case, one space between words: a quote differing only in spacing or case still matches. */
const normalized = (text: string) => text.toLowerCase().replace(/\s+/gu, ' ').trim();

/**
 * Figures as written in a line: 1500, 1,500, 1.500, 1 500, 1'500 (thousands), 1500.50 or
 * 1500,50 (two decimals at most). A separator followed by three digits groups thousands.
 */
const FIGURE = /\d{1,3}(?:[,.'\s]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)/gu;

export function figuresIn(text: string): number[] {
  return (text.match(FIGURE) ?? []).map((written) => {
    const decimals = /[.,](\d{1,2})$/u.exec(written);
    const whole = (decimals ? written.slice(0, decimals.index) : written).replace(/\D/gu, '');
    return Number(`${whole}.${decimals?.[1] ?? '0'}`);
  });
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

/** The currencies a line names, by ISO code (`EUR`) or an unambiguous symbol (`€`). */
function currenciesIn(text: string): string[] {
  const codes = (text.match(/\b[A-Z]{3}\b/gu) ?? []).filter(isCurrency);
  const symbols = [...text].flatMap((character) => SYMBOLS[character] ?? []);
  return [...codes, ...symbols];
}

/**
 * The item's unit amount in minor units: the model's price (whole units of `currency`) when
 * `quote` is part of a line of `priceList` and names that price, the line names no other
 * currency, and the amount is one a proposal may hold; else 0.
 */
export function pricedFromList(
  priceList: string,
  claim: { price: number | null; quote: string | null },
  currency: string,
): number {
  const { price, quote } = claim;
  if (price === null || quote === null || !Number.isFinite(price) || price <= 0) return 0;
  const quoted = normalized(quote);
  // A bare figure is no quote: the line must name what it prices.
  if (!/\p{L}/u.test(quoted)) return 0;
  const line = priceList.split('\n').find((written) => normalized(written).includes(quoted));
  if (line === undefined) return 0;
  const scale = 10 ** minorDigits(currency);
  const amount = Math.round(price * scale);
  if (!figuresIn(quote).some((figure) => Math.round(figure * scale) === amount)) return 0;
  // The whole line: a quote that leaves out "USD" still prices in dollars.
  if (currenciesIn(line).some((named) => named !== currency)) return 0;
  return amount <= PROPOSAL_LIMITS.unitAmountMax ? amount : 0;
}
