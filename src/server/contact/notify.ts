import type { Db } from '../../../db';
import type { contacts } from '../../../db/schema';
import { subjectLabel } from '../../shared/contact';
import { siteName } from '../content/site-name';
import type { Logger } from '../platform/logger';
import { escapeHtml, sendInBackground, type MailMessage, type Mailer } from '../platform/mail';

export type StoredContact = typeof contacts.$inferSelect;

/** A header must stay on one line whatever the visitor typed into their name. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/** The message's own page in the admin, on the site's public address (SITE_URL). */
export function adminMessageUrl(id: number, siteUrl: string): string {
  return new URL(`/admin/messages/${id}`, siteUrl).href;
}

/**
 * The notification: readable as plain text and as HTML. Everything the visitor typed is
 * escaped in the HTML, the message keeps its line breaks (pre-wrap), and Reply-To is the
 * visitor, so answering the e-mail answers the enquiry.
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
    ['Name', contact.name],
    ['E-mail', contact.email],
    ['Company', contact.company ?? '-'],
    ['Subject', subjectLabel(contact.subject)],
    ['Received', contact.createdAt.toISOString()],
  ];
  const text = [
    heading,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    contact.message,
    '',
    `Open it in the admin: ${link}`,
    'Reply to this e-mail to answer the visitor.',
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<p>${escapeHtml(heading)}</p>` +
    `<table>${rows}</table>` +
    // <br> for mail programs that ignore pre-wrap; pre-wrap still keeps runs of spaces.
    `<p style="white-space:pre-wrap">${escapeHtml(contact.message).replace(/\r\n|\r|\n/g, '<br>')}</p>` +
    `<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>` +
    '<p>Reply to this e-mail to answer the visitor.</p>';
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
