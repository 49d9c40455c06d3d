/**
 * The owner's notice of a card payment on `/i/<token>` (docs/invoices.md, "Sending and the
 * client's page"): what it says is still owed after the payment, including more than asked
 * (a bank transfer that came in while the client paid by card). The paid-in-full notice is
 * sent through the webhook in page.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ownerInvoicePaidMail } from './owner-paid-mail';

const SITE = {
  name: 'Harbor Lane AI',
  address: 'https://harbor.example',
  timeZone: 'Europe/Berlin',
};
const paid = (outstanding: number) =>
  ownerInvoicePaidMail(
    'owner@harbor.example',
    {
      invoiceId: 7,
      number: 'INV-2026-0004',
      buyerName: 'Zoë Łódź-Ørsted\nBcc: x',
      amount: 50_000,
      currency: 'EUR',
      outstanding,
    },
    SITE,
  );

describe('the owner’s notice of an invoice paid by card', () => {
  it('names the payer on one line, what is still owed or paid twice, and the invoice', () => {
    expect(paid(12_000).subject).toBe('Invoice paid: €500.00 from Zoë Łódź-Ørsted Bcc: x');
    expect(paid(12_000).text).toContain('€120.00 is still owed.');
    expect(paid(-3_000).text).toContain(
      'It is paid, and €30.00 more came in than it asks: check its payments and refund the difference.',
    );
    expect(paid(0).text).toContain('https://harbor.example/admin/invoices/7');
  });
});
