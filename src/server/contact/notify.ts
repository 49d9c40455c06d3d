import type { contacts } from '../../../db/schema';
import { subjectLabel } from '../../shared/contact';
import type { Logger } from '../platform/logger';
import { escapeHtml, type MailMessage, type Mailer } from '../platform/mail';

export type StoredContact = typeof contacts.$inferSelect;

/**
 * Notifications still on their way, per mailer (one mailer per app instance), so tests
 * and a graceful shutdown can wait for them without a global registry.
 */
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

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
export function contactMail(to: string, contact: StoredContact, siteUrl: string): MailMessage {
  const link = adminMessageUrl(contact.id, siteUrl);
  const fields: [string, string][] = [
    ['Name', contact.name],
    ['E-mail', contact.email],
    ['Company', contact.company ?? '-'],
    ['Subject', subjectLabel(contact.subject)],
    ['Received', contact.createdAt.toISOString()],
  ];
  const text = [
    `New contact message #${contact.id}`,
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
    `<p>New contact message #${contact.id}</p>` +
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
 * Mails a stored contact message to CONTACT_NOTIFY_TO, if set, without making the visitor
 * wait: SMTP can take seconds (or a connect timeout), and the message is already safe in
 * the database. A failure is logged, never thrown. The delivery is tracked so
 * `contactMailsSettled` can await it deterministically.
 */
export function notifyContact(
  deps: {
    config: { contactNotifyTo: string | null; siteUrl: string };
    mailer: Mailer;
    logger: Logger;
  },
  contact: StoredContact,
): void {
  const to = deps.config.contactNotifyTo;
  if (!to) return;
  const delivery = Promise.resolve()
    .then(() => deps.mailer.send(contactMail(to, contact, deps.config.siteUrl)))
    .then(
      () => deps.logger.info('contact.notified', { contactId: contact.id }),
      (error: unknown) =>
        deps.logger.error('contact.notify_failed', {
          contactId: contact.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  let pending = inFlight.get(deps.mailer);
  if (!pending) inFlight.set(deps.mailer, (pending = new Set()));
  const set = pending;
  set.add(delivery);
  const forget = () => void set.delete(delivery);
  void delivery.then(forget, forget);
}

/** Resolves once every contact notification started on this mailer has succeeded or failed. */
export async function contactMailsSettled(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
