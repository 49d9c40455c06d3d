import type { contacts } from '../../db/schema';
import { CONTACT_SUBJECTS } from '../shared/schemas';
import type { Logger } from './logger';
import { escapeHtml, type MailMessage, type Mailer } from './mail';

export type StoredContact = typeof contacts.$inferSelect;

/**
 * Notifications still on their way, per mailer (one mailer per app instance), so tests
 * and a graceful shutdown can wait for them without a global registry.
 */
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

/** A header must stay on one line whatever the visitor typed into their name. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

export function contactMail(to: string, contact: StoredContact): MailMessage {
  const fields: [string, string][] = [
    ['Name', contact.name],
    ['E-mail', contact.email],
    ['Company', contact.company ?? '-'],
    ['Subject', subjectLabel(contact.subject)],
    ['Received', contact.createdAt.toISOString()],
  ];
  const text = [
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    contact.message,
    '',
    `Stored as contact message #${contact.id}.`,
  ].join('\n');
  const rows = fields
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html =
    `<table>${rows}</table>` +
    `<p style="white-space:pre-wrap">${escapeHtml(contact.message)}</p>` +
    `<p>Stored as contact message #${contact.id}.</p>`;
  return {
    to,
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
  deps: { config: { contactNotifyTo: string | null }; mailer: Mailer; logger: Logger },
  contact: StoredContact,
): void {
  const to = deps.config.contactNotifyTo;
  if (!to) return;
  const delivery = Promise.resolve()
    .then(() => deps.mailer.send(contactMail(to, contact)))
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
