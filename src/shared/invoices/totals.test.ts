import { describe, expect, it } from 'vitest';
import { item } from '#tests/support/invoices';
import { divideHalfUp, groupTax, invoiceTotals, lineNet } from './totals';

describe('lineNet', () => {
  it('is quantity × unit price rounded half up to minor units, three decimals exact', () => {
    expect(lineNet({ quantity: 1.5, unitAmount: 999 })).toBe(1499); // 1498.5 → 1499
    expect(lineNet({ quantity: 0.333, unitAmount: 1000 })).toBe(333);
    expect(lineNet({ quantity: 2.005, unitAmount: 100 })).toBe(201); // 200.5 → 201
    // 1.001 × 3 is 3.0029999… in floating point; in thousandths it is 3003 / 1000.
    expect(lineNet({ quantity: 1.001, unitAmount: 3 })).toBe(3);
    expect(lineNet({ quantity: 100_000, unitAmount: 1_000_000_000 })).toBe(1e14);
  });

  it('rounds a discount the same way on its magnitude', () => {
    expect(lineNet({ quantity: 1.5, unitAmount: -999 })).toBe(-1499);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-4n, 3n)).toBe(-1n);
  });
});

describe('invoiceTotals', () => {
  it('rounds the tax once per category and rate, not line by line', () => {
    // Eleven lines of 5 cents at 19 %: 0.95 cents each, 11 cents if each were rounded;
    // the group's 55 cents × 19 % = 10.45 cents, rounded once: 10.
    const items = Array.from({ length: 11 }, () => item({ unitAmount: 5 }));
    const totals = invoiceTotals(items);
    expect(totals.groups).toEqual([{ category: 'S', rate: 19, base: 55, tax: 10 }]);
    expect(totals.tax).toBe(10);
    expect(totals.gross).toBe(65);
  });

  it('groups by category and rate, ordered S, Z, E, AE, O and the higher rate first', () => {
    const totals = invoiceTotals([
      item({ category: 'E', rate: 0, unitAmount: 10_000 }),
      item({ rate: 7, unitAmount: 20_000 }),
      item({ rate: 19, unitAmount: 30_000 }),
      item({ rate: 7, quantity: 0.5, unitAmount: 20_000 }),
      item({ category: 'Z', rate: 0, unitAmount: 5_000 }),
    ]);
    expect(totals.groups).toEqual([
      { category: 'S', rate: 19, base: 30_000, tax: 5_700 },
      { category: 'S', rate: 7, base: 30_000, tax: 2_100 },
      { category: 'Z', rate: 0, base: 5_000, tax: 0 },
      { category: 'E', rate: 0, base: 10_000, tax: 0 },
    ]);
    expect(totals).toMatchObject({ net: 75_000, tax: 7_800, gross: 82_800 });
  });

  it('takes a discount line off its group, and the prepaid deposit off what is due', () => {
    const totals = invoiceTotals(
      [item({ unitAmount: 100_000 }), item({ description: 'Discount', unitAmount: -10_000 })],
      32_130,
    );
    expect(totals.lines).toEqual([100_000, -10_000]);
    expect(totals).toMatchObject({ net: 90_000, tax: 17_100, gross: 107_100, prepaid: 32_130 });
    expect(totals.due).toBe(74_970);
  });

  it('rates with two decimals: 7.7 % of 1,234.56', () => {
    expect(groupTax(123_456, 7.7)).toBe(9_506); // 9506.112
    expect(groupTax(123_456, 2.55)).toBe(3_148); // 3148.128
    expect(groupTax(200, 2.5)).toBe(5);
    expect(groupTax(-200, 2.5)).toBe(-5);
  });
});
