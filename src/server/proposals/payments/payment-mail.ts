/**
 * The mails of a deposit paid through Stripe (docs/payments.md): the owner's
 * notice (CONTACT_NOTIFY_TO, through `notifyOwner`) with the lead's page in the admin, and the
 * client's receipt; and the owner's notice of a refund. The receipt carries no link to the
 * proposal's page: that link acts for the client, and nothing that does stays readable in the
 * outbox (docs/mail.md).
 */
import { formatMoney } from '#shared/proposals';
import type { MailMessage } from '#server/platform/mail';
import { onOneLine } from '#shared/validation';
import { siteMail } from '../short-mail';
import type { MailSite } from '#server/site/site-brand';

export interface PaidDeposit {
  leadId: number;
  leadName: string;
  number: string;
  title: string;
  amount: number;
  currency: string;
}

/** The owner's notice: who paid what for which proposal, and the lead's page. */
export function ownerPaymentMail(to: string, paid: PaidDeposit, site: MailSite): MailMessage {
  const money = formatMoney(paid.amount, paid.currency);
  return siteMail(to, site, {
    subject: `Deposit paid: ${money} from ${onOneLine(paid.leadName)}`,
    lines: [`Proposal ${paid.number}: ${onOneLine(paid.title)}`],
    button: {
      url: new URL(`/admin/leads/${paid.leadId}`, site.address).href,
      label: 'Open the lead',
    },
  });
}

/** The client's receipt: the amount, the proposal, and who received it. */
export function clientReceiptMail(
  to: string,
  paid: PaidDeposit,
  site: MailSite,
  invoicing: boolean,
): MailMessage {
  const money = formatMoney(paid.amount, paid.currency);
  return siteMail(to, site, {
    subject: `Deposit received: ${money} (${paid.number})`,
    lines: [
      `Thank you: we received your deposit of ${money} for proposal ${paid.number}, “${onOneLine(paid.title)}”.`,
      invoicing
        ? 'Your invoice for it comes in its own e-mail, to the address for invoices.'
        : 'Stripe sends its own receipt and invoice for the card payment.',
    ],
  });
}

/** A refund Stripe reported: what went back this time, and what is kept of the payment. */
export interface RefundNotice extends PaidDeposit {
  /** Minor units still kept of the payment. */
  kept: number;
}

/** The owner's notice of a refund: how much went back to whom, and the lead's page. */
export function ownerRefundMail(to: string, refund: RefundNotice, site: MailSite): MailMessage {
  const money = formatMoney(refund.amount, refund.currency);
  return siteMail(to, site, {
    subject: `Refund: ${money} to ${onOneLine(refund.leadName)}`,
    lines: [
      `Proposal ${refund.number}: ${onOneLine(refund.title)}`,
      `Stripe refunded ${money}; ${formatMoney(refund.kept, refund.currency)} of the payment is kept.`,
    ],
    button: {
      url: new URL(`/admin/leads/${refund.leadId}`, site.address).href,
      label: 'Open the lead',
    },
  });
}
