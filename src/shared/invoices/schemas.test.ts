import { describe, expect, it } from 'vitest';
import { buyer, invoiceContent, item, seller, TYPED_NAME } from '#tests/support/invoices';
import { INVOICE_MESSAGES as M } from './messages';
import { invoiceContentInput, type InvoiceContentInput } from './schemas';

/** The refusals of `changes`, as `path: message`. */
function refusals(changes: Partial<InvoiceContentInput>): string[] {
  const result = invoiceContentInput.safeParse(invoiceContent(changes));
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('invoiceContentInput', () => {
  it('takes a valid invoice, keeping names as typed and identifiers compact', () => {
    const parsed = invoiceContentInput.parse(
      invoiceContent({
        buyer: { ...buyer, vatId: 'pl 526-025-02-74' },
        items: [item({ category: 'AE', rate: 0 })],
        currency: ' eur ',
      }),
    );
    expect(parsed.buyer.name).toBe(TYPED_NAME);
    expect(parsed.buyer.city).toBe('Łódź');
    expect(parsed.buyer.vatId).toBe('PL5260250274');
    expect(parsed.seller.iban).toBe('DE89370400440532013000');
    expect(parsed.currency).toBe('EUR');
  });

  it('names the field of an unknown currency or country', () => {
    expect(refusals({ currency: 'ABC' })).toEqual([`currency: ${M.currency}`]);
    // Three decimals: EN 16931 writes two at most.
    expect(refusals({ currency: 'KWD' })).toEqual([`currency: ${M.currency}`]);
    expect(refusals({ buyer: { ...buyer, country: 'XX' } })).toEqual([
      `buyer.country: ${M.country}`,
    ]);
  });

  it('names the item and field of a rate out of range', () => {
    const items = [item(), item(), item(), item({ rate: 100.5 }), item({ rate: 7.125 })];
    expect(refusals({ items })).toEqual([`items.3.rate: ${M.rate}`, `items.4.rate: ${M.rate}`]);
    expect(refusals({ items: [item({ quantity: 1.0005 })] })).toEqual([
      `items.0.quantity: ${M.quantity}`,
    ]);
    // A price that is no whole number of cents stops there: nothing else is computed from it.
    expect(refusals({ items: [item({ unitAmount: 1.5 })] })).toEqual([
      `items.0.unitAmount: ${M.unitAmount}`,
    ]);
  });

  it('refuses a due date before the issue date, and a period that ends before it starts', () => {
    expect(refusals({ dueDate: '2026-11-26' })).toEqual([`dueDate: ${M.dueBeforeIssue}`]);
    expect(refusals({ supplyPeriod: { from: '2026-11-02', to: '2026-11-01' } })).toEqual([
      `supplyPeriod.to: ${M.periodReversed}`,
    ]);
    expect(refusals({ supplyPeriod: null })).toEqual([`supplyDate: ${M.supplyMissing}`]);
    expect(refusals({ supplyDate: '2026-02-30', supplyPeriod: null })).toEqual([
      `supplyDate: ${M.day}`,
    ]);
    expect(refusals({ supplyDate: '2026-11-26' })).toEqual([`supplyDate: ${M.supplyBoth}`]);
  });

  it("refuses a VAT ID that fails its country's format, naming the party", () => {
    expect(refusals({ buyer: { ...buyer, vatId: 'PL5260250275' } })).toEqual([
      `buyer.vatId: ${M.vatIdFormat}`,
    ]);
    expect(refusals({ seller: { ...seller, vatId: 'PL5260250274' } })).toEqual([
      `seller.vatId: ${M.vatIdFormat}`,
    ]);
    expect(refusals({ seller: { ...seller, iban: 'DE89 3704 0044 0532 0130 01' } })).toEqual([
      `seller.iban: ${M.iban}`,
    ]);
  });

  it('refuses more than 100 items, and none', () => {
    expect(refusals({ items: Array.from({ length: 100 }, () => item()) })).toEqual([]);
    expect(refusals({ items: Array.from({ length: 101 }, () => item()) })).toEqual([
      `items: ${M.itemsMax}`,
    ]);
    expect(refusals({ items: [] })).toEqual([`items: ${M.itemsMin}`]);
  });

  it('refuses a negative total, and the tax rules once every field is valid', () => {
    const discount = item({ description: 'Goodwill', unitAmount: -2_000_000 });
    expect(refusals({ items: [item(), discount] })).toEqual([`items: ${M.negativeTotal}`]);
    expect(refusals({ items: [item({ category: 'AE', rate: 0 })] })).toEqual([
      `buyer.vatId: ${M.reverseChargeSameCountry}`,
    ]);
  });
});
