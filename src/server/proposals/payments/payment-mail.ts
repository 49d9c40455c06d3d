/**
 * The two mails of a deposit paid through Stripe (docs/payments.md): the owner's
 * notice (CONTACT_NOTIFY_TO, through `notifyOwner`) with the lead's page in the admin, and the
 * client's receipt. The receipt carries no link to the proposal's page: that link acts for the
 * client, and nothing that does stays readable in the outbox (docs/mail.md).
 */
import { NOT_ONE_LINE } from '#shared/validation';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  plainTextWithSignature,
  siteFooter,
} from '#shared/mail/frame';
import { LIGHT } from '#shared/mail/theme';
import { formatMoney } from '#shared/proposals';
import { escapeHtml, type MailMessage } from '#server/platform/mail';
import type { MailSite } from '#server/platform/site-brand';

export interface PaidDeposit {
  leadId: number;
  leadName: string;
  number: string;
  title: string;
  amount: number;
  currency: string;
}

const oneLine = (text: string) => text.replace(new RegExp(`${NOT_ONE_LINE.source}+`, 'gu'), ' ');

/** The owner's notice: who paid what for which proposal, and the lead's page. */
export function ownerPaymentMail(to: string, paid: PaidDeposit, site: MailSite): MailMessage {
  const money = formatMoney(paid.amount, paid.currency);
  const heading = `Deposit paid: ${money} from ${oneLine(paid.leadName)}`;
  const about = `Proposal ${paid.number}: ${oneLine(paid.title)}`;
  const link = new URL(`/admin/leads/${paid.leadId}`, site.address).href;
  const text = plainTextWithSignature(
    [heading, about, '', `The lead in the admin: ${link}`],
    site.name,
    site.address,
  );
  const p = LIGHT;
  const html = emailDocument({
    title: heading,
    scheme: 'auto',
    palette: p,
    body:
      mailHeading(escapeHtml(heading)) +
      `<p style="${PARAGRAPH}">${escapeHtml(about)}</p>` +
      mailButton(link, 'Open the lead', p) +
      plainLink(link, p),
    footer: siteFooter(site.name, site.address, p),
  });
  return { to, subject: heading, text, html };
}

/** The client's receipt: the amount, the proposal, and who received it. */
export function clientReceiptMail(to: string, paid: PaidDeposit, site: MailSite): MailMessage {
  const money = formatMoney(paid.amount, paid.currency);
  const heading = `Deposit received: ${money}`;
  const lines = [
    `Thank you: we received your deposit of ${money} for proposal ${paid.number}, “${oneLine(paid.title)}”.`,
    'Stripe sends its own receipt and invoice for the card payment.',
  ];
  const text = plainTextWithSignature([heading, '', ...lines], site.name, site.address);
  const p = LIGHT;
  const html = emailDocument({
    title: heading,
    scheme: 'auto',
    palette: p,
    body:
      mailHeading(escapeHtml(heading)) +
      lines.map((line) => `<p style="${PARAGRAPH}">${escapeHtml(line)}</p>`).join(''),
    footer: siteFooter(site.name, site.address, p),
  });
  return { to, subject: `${heading} (${paid.number})`, text, html };
}
