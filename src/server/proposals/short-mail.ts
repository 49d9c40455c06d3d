/**
 * The short mails of proposals and their payments (docs/proposals.md, docs/payments.md): the
 * site's frame, a heading, a few lines, at most one button and the client's quoted words. One
 * builder for the client page's notices and copies and the payments' notice and receipt.
 */
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
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#server/platform/mail';
import type { MailSite } from '#server/site/site-brand';

/** A short mail of the site's frame: a heading, lines, one button, then quoted words. */
export function siteMail(
  to: string,
  site: MailSite,
  parts: {
    subject: string;
    lines: string[];
    button?: { url: string; label: string };
    quoted?: { label: string; text: string };
  },
): MailMessage {
  const { subject, lines, button, quoted } = parts;
  const quotedLines = quoted
    ? ['', `${quoted.label}:`, ...quoted.text.split(/\r?\n/).map((line) => `> ${line}`)]
    : [];
  const text = plainTextWithSignature(
    [
      subject,
      '',
      ...lines,
      ...(button ? ['', `${button.label}: ${button.url}`] : []),
      ...quotedLines,
    ],
    site.name,
    site.address,
  );
  const p = LIGHT;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body:
      mailHeading(escapeHtml(subject)) +
      lines.map((line) => `<p style="${PARAGRAPH}">${escapeHtml(line)}</p>`).join('') +
      (button
        ? mailButton(button.url, escapeHtml(button.label), p) + plainLink(button.url, p)
        : '') +
      (quoted
        ? `<p style="${PARAGRAPH}">${escapeHtml(quoted.label)}:</p><blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #cbd5e1;white-space:pre-wrap">${escapeHtml(quoted.text)}</blockquote>`
        : ''),
    footer: siteFooter(site.name, site.address, p),
  });
  return { to, subject, text, html };
}
