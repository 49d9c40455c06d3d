/**
 * A price the model gives counts only when the owner's price list says it (price-list.ts): the
 * figures as owners write them, the quote that must be the list's, the currency it names.
 */
import { describe, expect, it } from 'vitest';
import { figuresIn, pricedFromList } from './price-list';

describe('figuresIn', () => {
  it('reads thousands and decimals as owners write them', () => {
    expect(figuresIn('1500 EUR')).toEqual([1500]);
    expect(figuresIn('1,500 or 1.500 or 1 500')).toEqual([1500, 1500, 1500]);
    expect(figuresIn("1'500.50 and 1.500,50 and 99,5 and 12.25")).toEqual([
      1500.5, 1500.5, 99.5, 12.25,
    ]);
    expect(figuresIn('1,250,000 JPY')).toEqual([1_250_000]);
    expect(figuresIn('no price')).toEqual([]);
  });
});

describe('pricedFromList', () => {
  const list = [
    '- Discovery workshop: 1,500 EUR per day',
    'Hourly rate €150.50',
    'Support: $900 a month',
    'Licences: 300 GBP',
  ].join('\n');
  const priced = (price: number | null, quote: string | null, currency = 'EUR') =>
    pricedFromList(list, { price, quote }, currency);

  it('takes a price quoted from the list, in minor units of the currency', () => {
    expect(priced(1500, 'Discovery workshop: 1,500 EUR per day')).toBe(150_000);
    expect(priced(1500, 'discovery WORKSHOP:   1,500 eur')).toBe(150_000);
    expect(priced(150.5, 'Hourly rate €150.50')).toBe(15_050);
    // A symbol that names no one currency ($) leaves the proposal's.
    expect(priced(900, 'Support: $900 a month')).toBe(90_000);
    expect(priced(300, 'Licences: 300 GBP', 'GBP')).toBe(30_000);
    expect(
      pricedFromList('Workshop: 150000 JPY', { price: 150_000, quote: 'Workshop: 150000' }, 'JPY'),
    ).toBe(150_000);
  });

  it('is 0 for anything the list does not say', () => {
    // No price, no quote, a bare figure, a line not in the list, another figure.
    expect(priced(null, null)).toBe(0);
    expect(priced(1500, null)).toBe(0);
    expect(priced(1500, '1,500')).toBe(0);
    expect(priced(1500, 'Strategy day: 1,500 EUR')).toBe(0);
    expect(priced(1800, 'Discovery workshop: 1,500 EUR per day')).toBe(0);
    expect(priced(15, 'Discovery workshop: 1,500 EUR per day')).toBe(0);
    // Another currency than the proposal's, named in the line even when the quote leaves it out.
    expect(priced(300, 'Licences: 300 GBP')).toBe(0);
    expect(priced(300, 'Licences: 300')).toBe(0);
    expect(priced(150.5, 'Hourly rate €150.50', 'USD')).toBe(0);
    // Not a price a proposal may hold.
    expect(priced(-1500, 'Discovery workshop: 1,500 EUR per day')).toBe(0);
    expect(priced(Number.NaN, 'Discovery workshop: 1,500 EUR per day')).toBe(0);
    expect(
      pricedFromList(
        'Platform: 20,000,000 EUR',
        { price: 20_000_000, quote: 'Platform: 20,000,000 EUR' },
        'EUR',
      ),
    ).toBe(0);
  });
});
