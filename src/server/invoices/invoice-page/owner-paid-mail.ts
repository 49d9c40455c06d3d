/**
 * The owner's notices of an invoice paid by card on the client's page (docs/invoices.md, "The
 * client's page"): who paid how much of which invoice, what is still owed, and the invoice in
 * the admin; and of such a payment refunded in Stripe ("Refunds"). Sent to CONTACT_NOTIFY_TO once the payment's write has committed, as a deposit's
 * notice is (proposals/payments/stripe-events.ts).
 */
import { formatMoney } from '#shared/money';
import { onOneLine } from '#shared/validation';
import type { MailMessage } from '#server/platform/mail';
import { siteMail } from '#server/proposals/short-mail';
import type { MailSite } from '#server/site/site-brand';

export interface InvoicePaidByCard {
  invoiceId: number;
  number: string;
  buyerName: string;
  amount: number;
  currency: string;
  /** Minor units still owed after this payment. */
  outstanding: number;
}

/** What the invoice asks now: still owed, paid, or paid twice (a transfer came in too). */
function outstandingLine(outstanding: number, money: (amount: number) => string): string {
  if (outstanding > 0) return `${money(outstanding)} is still owed.`;
  if (outstanding === 0) return 'It is now paid in full.';
  return `It is paid, and ${money(-outstanding)} more came in than it asks: check its payments and refund the difference.`;
}

export function ownerInvoicePaidMail(
  to: string,
  paid: InvoicePaidByCard,
  site: MailSite,
): MailMessage {
  const money = (amount: number) => formatMoney(amount, paid.currency);
  return siteMail(to, site, {
    subject: `Invoice paid: ${money(paid.amount)} from ${onOneLine(paid.buyerName)}`,
    lines: [
      `Invoice ${paid.number}, paid by card (Stripe) on the client's page.`,
      outstandingLine(paid.outstanding, money),
    ],
    button: {
      url: new URL(`/admin/invoices/${paid.invoiceId}`, site.address).href,
      label: 'Open the invoice',
    },
  });
}

export type InvoiceRefundedByCard = Omit<InvoicePaidByCard, 'outstanding'>;

export function ownerInvoiceRefundMail(
  to: string,
  refunded: InvoiceRefundedByCard,
  site: MailSite,
): MailMessage {
  const money = formatMoney(refunded.amount, refunded.currency);
  return siteMail(to, site, {
    subject: `Invoice refunded: ${money} to ${onOneLine(refunded.buyerName)}`,
    lines: [
      `${money} of a card payment (Stripe) on invoice ${refunded.number} went back to the client.`,
      'The site credited it on the invoice and mailed the client the credit note; anything it could not credit is noted on the lead.',
    ],
    button: {
      url: new URL(`/admin/invoices/${refunded.invoiceId}`, site.address).href,
      label: 'Open the invoice',
    },
  });
}
