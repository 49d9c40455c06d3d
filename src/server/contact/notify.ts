import type { Db } from '#db';
import type { contacts } from '#db/schema';
import { subjectLabel } from '#shared/contact';
import { NOT_ONE_LINE } from '#shared/validation';
import { siteName } from '#server/platform/site-brand';
import type { Logger } from '#server/platform/logger';
import { escapeHtml, sendInBackground, type MailMessage, type Mailer } from '#server/platform/mail';

export type StoredContact = typeof contacts.$inferSelect;

/**
 * A header, or a "Label: value" line, stays one line whatever a stored name holds (one stored
 * before the one-line rule): each run of control and line-break characters becomes a space.
 */
function oneLine(text: string): string {
  return text.replace(new RegExp(`${NOT_ONE_LINE.source}+`, 'gu'), ' ');
}

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
 * The notification: readable as plain text and as HTML. The site's own words and link come
 * first, the visitor's after them, the message quoted ("> " before each line in the text, a
 * blockquote in the HTML): nothing a visitor types can pass for the real link by coming
 * before it. Everything the visitor typed is escaped in the HTML, the message keeps its line
 * breaks, and Reply-To is the visitor, so answering the e-mail answers the enquiry.
 */
export function contactMail(
  to: string,
  contact: StoredContact,
  /** The site's saved name (an owner may run several sites) and public address. */
  site: { name: string; url: string },
): MailMessage {
  const link = adminMessageUrl(contact.id, site.url);
  const heading = `New contact message #${contact.id} to ${site.name}`;
  const fields: [string, string][] = [
    ['Received', contact.createdAt.toISOString()],
    ['Subject', subjectLabel(contact.subject)],
    ['Name', oneLine(contact.name)],
    ['E-mail', contact.email],
    ['Company', contact.company === null ? '-' : oneLine(contact.company)],
  ];
  const text = [
    heading,
    `Open it in the admin: ${link}`,
    'Reply to this e-mail to answer the visitor.',
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Their message:',
    ...quoted(contact.message),
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<p>${escapeHtml(heading)}</p>` +
    `<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>` +
    '<p>Reply to this e-mail to answer the visitor.</p>' +
    `<table>${rows}</table>` +
    '<p>Their message:</p>' +
    // <br> for mail programs that ignore pre-wrap; pre-wrap still keeps runs of spaces.
    '<blockquote style="white-space:pre-wrap;margin:0 0 0 4px;padding-left:12px;border-left:3px solid #999">' +
    `${escapeHtml(contact.message).split(ANY_LINE_BREAK).join('<br>')}</blockquote>`;
  return {
    to,
    replyTo: contact.email,
    subject: oneLine(`New contact message: ${subjectLabel(contact.subject)} from ${contact.name}`),
    text,
    html,
  };
}

/**
 * Mails a stored contact message to CONTACT_NOTIFY_TO, if set, in the background: the
 * message is already safe in the database, and a failure is logged, never thrown.
 */
export function notifyContact(
  deps: {
    db: Db;
    config: { contactNotifyTo: string | null; siteUrl: string };
    mailer: Mailer;
    logger: Logger;
  },
  contact: StoredContact,
): void {
  const to = deps.config.contactNotifyTo;
  if (!to) return;
  sendInBackground(
    deps,
    async () =>
      contactMail(to, contact, { name: await siteName(deps.db), url: deps.config.siteUrl }),
    {
      sent: 'contact.notified',
      failed: 'contact.notify_failed',
      fields: { contactId: contact.id },
    },
  );
}
