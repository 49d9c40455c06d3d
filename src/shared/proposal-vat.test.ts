/**
 * VAT on a proposal (docs/invoices.md, "Proposals and deposits"): the invoice's own figures,
 * and the deposit split over the tax groups so that its invoice's gross is what is charged.
 */
import { describe, expect, it } from 'vitest';
import { depositGross, depositLines, vatFigures, vatLabel } from './proposal-vat';
import { proposalAmounts, proposalItemInput } from './proposals';

const item = (unitAmount: number, category?: 'S' | 'Z' | 'E' | 'AE' | 'O', rate?: number) => ({
  description: 'Work',
  quantity: 1,
  unitAmount,
  ...(category && { category, rate: rate ?? 0 }),
});

describe('proposal VAT', () => {
  it('groups by category and rate and rounds each group once, as an invoice does', () => {
    // 3 × 0.05 at 19 %: once per group 0.15 × 19 % = 2.85 → 3 cents; line by line it would be 3 × 1.
    const items = [item(5, 'S', 19), item(5, 'S', 19), item(5, 'S', 19), item(1_000, 'Z')];
    expect(vatFigures(items)).toEqual({
      net: 1_015,
      groups: [
        { category: 'S', rate: 19, base: 15, tax: 3 },
        { category: 'Z', rate: 0, base: 1_000, tax: 0 },
      ],
      tax: 3,
      gross: 1_018,
    });
  });

  it('keeps a proposal without categories as it was: no tax, the total its net', () => {
    const items = [item(100_000), item(50_000)];
    expect(proposalAmounts(items, { kind: 'percent', value: 30 })).toEqual({
      net: 150_000,
      tax: 0,
      total: 150_000,
      depositAmount: 45_000,
    });
    expect(proposalAmounts(items, { kind: 'amount', value: 20_000 }).depositAmount).toBe(20_000);
  });

  it('charges a percentage deposit as that share of each group with its tax', () => {
    const items = [item(100_000, 'S', 19), item(30_000, 'S', 7)];
    const figures = vatFigures(items);
    const lines = depositLines(figures, { kind: 'percent', value: 30 });
    expect(lines).toEqual([
      { category: 'S', rate: 19, net: 30_000, tax: 5_700 },
      { category: 'S', rate: 7, net: 9_000, tax: 630 },
    ]);
    expect(proposalAmounts(items, { kind: 'percent', value: 30 })).toEqual({
      net: 130_000,
      tax: 21_100,
      total: 151_100,
      depositAmount: 45_330,
    });
  });

  it('reads a deposit amount as gross and finds the nets that make it to the cent', () => {
    const items = [item(100_000, 'S', 19), item(33_333, 'S', 7)];
    for (const wanted of [1, 99, 10_000, 33_333, 50_001, 77_777]) {
      const lines = depositLines(vatFigures(items), { kind: 'amount', value: wanted });
      expect(depositGross(lines)).toBe(wanted);
      for (const line of lines) expect(line.tax).toBe(Math.round((line.net * line.rate) / 100));
    }
  });

  it('takes the nearest cent below when no net gives a deposit amount exactly', () => {
    // At 19 %, a net of 2 cents is 2 gross and a net of 3 is 4: nothing makes 3, so 2.
    const lines = depositLines(vatFigures([item(1_000, 'S', 19)]), { kind: 'amount', value: 3 });
    expect(lines).toEqual([{ category: 'S', rate: 19, net: 2, tax: 0 }]);
  });

  it('names a group in words', () => {
    expect(vatLabel({ category: 'S', rate: 7.7 })).toBe('VAT 7.7%');
    expect(vatLabel({ category: 'Z', rate: 0 })).toBe('VAT 0% (zero rated)');
    expect(vatLabel({ category: 'AE', rate: 0 })).toBe('Reverse charge');
    expect(vatLabel({ category: null, rate: 0 })).toBe('No VAT');
  });

  it('refuses a rate that does not fit its category, naming the rate', () => {
    const refused = (category: string, rate: number) =>
      proposalItemInput.safeParse({ ...item(100), category, rate }).error?.issues;
    expect(refused('S', 0)).toEqual([
      expect.objectContaining({
        path: ['rate'],
        message: 'The standard rate (S) needs a rate above 0',
      }),
    ]);
    expect(refused('Z', 5)).toEqual([
      expect.objectContaining({
        path: ['rate'],
        message: 'Categories Z, E, AE and O have a rate of 0',
      }),
    ]);
    expect(refused('S', 19)).toBeUndefined();
    expect(refused('X', 0)?.[0]?.path).toEqual(['category']);
  });
});
