import { describe, expect, it } from 'vitest';
import { buyer, domesticBuyer, item, seller } from '#tests/support/invoices';
import { INVOICE_MESSAGES as M } from './messages';
import { categoryAdvice, invoiceRuleIssues, suggestCategory, type TaxedInvoice } from './tax-rules';

const invoice = (changes: Partial<TaxedInvoice> = {}): TaxedInvoice => ({
  items: [item()],
  exemptionText: null,
  seller,
  buyer: domesticBuyer,
  prepaid: 0,
  ...changes,
});

/** The issues as `path: message`. */
const broken = (changes: Partial<TaxedInvoice>) =>
  invoiceRuleIssues(invoice(changes)).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('invoiceRuleIssues', () => {
  it('passes a standard-rate invoice between two registered businesses', () => {
    expect(broken({})).toEqual([]);
  });

  it('asks S for a rate above 0 and every other category for 0, naming the item', () => {
    expect(
      broken({
        items: [
          item(),
          item({ rate: 0 }),
          item({ category: 'Z', rate: 0 }),
          item({ category: 'Z', rate: 7 }),
        ],
      }),
    ).toEqual([`items.1.rate: ${M.standardRate}`, `items.3.rate: ${M.zeroRate}`]);
  });

  it('asks E and O for an exemption text, and AE for none', () => {
    expect(broken({ items: [item({ category: 'E', rate: 0 })] })).toEqual([
      `exemptionText: ${M.exemptionTextNeeded}`,
    ]);
    expect(
      broken({ items: [item({ category: 'E', rate: 0 })], exemptionText: 'Art. 132 (1)(i)' }),
    ).toEqual([]);
    expect(broken({ items: [item({ category: 'AE', rate: 0 })], buyer })).toEqual([]);
  });

  it("asks reverse charge for the buyer's VAT ID and another country, naming buyer.vatId", () => {
    const reverse = [item({ category: 'AE', rate: 0 })];
    expect(broken({ items: reverse, buyer: { ...buyer, vatId: null } })).toEqual([
      `buyer.vatId: ${M.reverseChargeBuyerVatId}`,
    ]);
    expect(broken({ items: reverse, buyer: domesticBuyer })).toEqual([
      `buyer.vatId: ${M.reverseChargeSameCountry}`,
    ]);
    expect(broken({ items: reverse, buyer, seller: { ...seller, vatId: null } })).toEqual([
      `seller.vatId: ${M.sellerVatIdNeeded}`,
    ]);
  });

  it('keeps O alone on its invoice, where a seller without a VAT ID is fine', () => {
    const notSubject = item({ category: 'O', rate: 0 });
    const unregistered = { ...seller, vatId: null };
    expect(
      broken({
        items: [notSubject],
        exemptionText: 'Not registered for VAT',
        seller: unregistered,
      }),
    ).toEqual([]);
    expect(
      broken({ items: [notSubject, item(), notSubject], exemptionText: 'Not registered for VAT' }),
    ).toEqual([`items.1.category: ${M.notSubjectMixed}`]);
    // No VAT ID is written on it: the registration number names the seller.
    expect(
      broken({
        items: [notSubject],
        exemptionText: 'Not registered for VAT',
        seller: { ...unregistered, companyNumber: null },
      }),
    ).toEqual([`seller.companyNumber: ${M.companyNumberNeeded}`]);
  });

  it('takes discounts up to the charges, never below zero, and no deposit above the total', () => {
    const discount = item({ description: 'Discount', unitAmount: -950_000 });
    expect(broken({ items: [item(), discount] })).toEqual([]);
    expect(broken({ items: [item(), { ...discount, unitAmount: -950_001 }] })).toEqual([
      `items: ${M.negativeTotal}`,
    ]);
    // 9,500.00 + 19 % = 11,305.00 gross.
    expect(broken({ prepaid: 1_130_500 })).toEqual([]);
    expect(broken({ prepaid: 1_130_501 })).toEqual([`prepaid: ${M.prepaid}`]);
  });
});

describe('the category suggestion', () => {
  const context = (sellerCountry: string, buyerCountry: string, buyerVatId: string | null) => ({
    seller: { country: sellerCountry, vatId: 'X' },
    buyer: { country: buyerCountry, vatId: buyerVatId },
  });

  it('reads the two countries and whether the buyer gave a VAT ID', () => {
    const category = (...args: Parameters<typeof context>) =>
      suggestCategory(context(...args)).category;
    expect(category('DE', 'DE', 'DE811569869')).toBe('S');
    expect(category('DE', 'PL', 'PL5260250274')).toBe('AE');
    expect(category('DE', 'PL', null)).toBe('S'); // a consumer in the EU
    expect(category('DE', 'US', null)).toBe('O');
    expect(category('GB', 'FR', 'FR40303265045')).toBe('AE');
    expect(category('GB', 'FR', null)).toBe('O');
    expect(
      suggestCategory({ seller: { country: 'DE', vatId: null }, buyer: domesticBuyer }).category,
    ).toBe('O');
  });

  it('warns when the choice differs and never changes it', () => {
    const advice = categoryAdvice('S', context('DE', 'PL', 'PL5260250274'));
    expect(advice.suggestion).toBe('AE');
    expect(advice.warning).toMatch(
      /^You chose S; the usual rule suggests AE\. .* Your choice is kept\.$/,
    );
    expect(categoryAdvice('AE', context('DE', 'PL', 'PL5260250274')).warning).toBeNull();
  });
});
