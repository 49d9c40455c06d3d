import type { contacts } from '#db/schema';
import { subjectLabel } from '#shared/contact';
import { onOneLine } from '#shared/validation';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  plainTextWithSignature,
  siteFooter,
} from '#shared/mail/frame';
import { siteTimeText } from '#shared/mail/site-time';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import { escapeHtml } from '#shared/escape-html';
import type { MailMessage } from '#server/platform/mail';
import { notifyOwner, type OwnerNoticeDeps } from '#server/mail/owner-notice';

export type StoredContact = typeof contacts.$inferSelect;

/** Every way a mail program might break a line, so each of the visitor's lines is quoted. */
const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** The visitor's message as a plain-text quote: each line after "> " ("> " alone for a blank one). */
function quoted(message: string): string[] {
  return message.split(ANY_LINE_BREAK).map((line) => (line ? `> ${line}` : '>'));
}

/** The message's own page in the admin, on the site's public address (SITE_URL). */
export function adminMessageUrl(id: number, siteUrl: string): string {
  return new URL(`/admin/messages/${id}`, siteUrl).href;
}

/**
 * The notification, in the frame every site mail shares (docs/leads.md): readable as plain
 * text and as HTML. The site's own words and link come first, the visitor's after them, the
 * message quoted ("> " before each line in the text, a blockquote in the HTML): nothing a
 * visitor types can pass for the real link by coming before it. Everything the visitor typed
 * is escaped in the HTML, the message keeps its line breaks, and Reply-To is the visitor, so
 * answering the e-mail answers the enquiry. The time is the site's (SITE_TIMEZONE), named,
 * and the source is the lead's (credited in the message's own write: docs/leads.md).
 */
export function contactMail(
  to: string,
  contact: StoredContact,
  /** The site's saved name (an owner may run several sites), public address and time zone. */
  site: { name: string; url: string; timeZone: string },
  /** The lead's source: a campaign (utm_source), a referring site's host, or Direct. */
  source: string,
  /** A conversation handed off by the site assistant: said in the subject and the heading. */
  fromAssistant = false,
): MailMessage {
  const link = adminMessageUrl(contact.id, site.url);
  const heading = fromAssistant
    ? `New contact message #${contact.id} from the site assistant`
    : `New contact message #${contact.id} to ${site.name}`;
  const fields: [string, string][] = [
    ['Received', siteTimeText(contact.createdAt, site.timeZone)],
    ['Source', onOneLine(source)],
    ['Subject', subjectLabel(contact.subject)],
    ['Name', onOneLine(contact.name)],
    ['E-mail', contact.email],
    ['Company', contact.company === null ? '-' : onOneLine(contact.company)],
  ];
  const text = plainTextWithSignature(
    [
      heading,
      `Open it in the admin: ${link}`,
      'Reply to this e-mail to answer the visitor.',
      '',
      ...fields.map(([label, value]) => `${label}: ${value}`),
      '',
      'Their message:',
      ...quoted(contact.message),
    ],
    site.name,
    site.url,
  );
  const p = LIGHT;
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:2px 12px 2px 0">${label}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const body =
    mailHeading(escapeHtml(heading)) +
    mailButton(link, 'Open it in the admin', p) +
    `<p style="${PARAGRAPH}">Reply to this e-mail to answer the visitor.</p>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${PARAGRAPH}">${rows}</table>` +
    `<p style="${PARAGRAPH}">Their message:</p>` +
    // <br> for mail programs that ignore pre-wrap; pre-wrap still keeps runs of spaces.
    `<blockquote${attrs('quote', p, 'white-space:pre-wrap;margin:0 0 16px 4px;padding-left:12px;border-left:3px solid')}>` +
    `${escapeHtml(contact.message).split(ANY_LINE_BREAK).join('<br>')}</blockquote>` +
    plainLink(link, p);
  const html = emailDocument({
    title: heading,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(site.name, site.url, p),
  });
  return {
    to,
    replyTo: contact.email,
    subject: onOneLine(
      fromAssistant
        ? `New contact message from the site assistant: ${contact.name}`
        : `New contact message: ${subjectLabel(contact.subject)} from ${contact.name}`,
    ),
    text,
    html,
  };
}

/**
 * Mails a stored contact message to CONTACT_NOTIFY_TO, if set, in the background: the
 * message is already safe in the database, and a failure is logged, never thrown.
 */
export function notifyContact(
  deps: OwnerNoticeDeps,
  contact: StoredContact,
  source: string,
  fromAssistant = false,
): void {
  notifyOwner(
    deps,
    'notice',
    (to, site) =>
      contactMail(
        to,
        contact,
        { name: site.name, url: site.address, timeZone: site.timeZone },
        source,
        fromAssistant,
      ),
    { failed: 'contact.notify_failed', fields: { contactId: contact.id } },
  );
}
