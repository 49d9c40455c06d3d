/**
 * The one sender of the owner's notices (docs/mail.md, "Writing a mail"): the mails that tell
 * the owner something happened on the site (a new contact message, a booked, moved or
 * cancelled call, an answer to a lead). They go to CONTACT_NOTIFY_TO, and only when it is
 * set: without it nothing is built or queued. Each is built after the request answered (it
 * reads the site's saved name, address and time zone) and goes through the outbox like every
 * mail; a mail that cannot be built or written is logged as `events.failed`, never thrown.
 * A notice whose going is decided in the feature's own write (the engagement thread's, at most
 * one in 5 minutes) is queued in that transaction instead, by `queueOwnerNotice`.
 */
import type { OutboxKind } from '#shared/outbox';
import type { MailMessage } from '#server/platform/mail';
import type { Db } from '#db';
import { sendInBackground, type SendDeps } from '#server/mail/outbox/send-mail';
import { queueMail, type OutgoingMail } from '#server/mail/outbox/queue-mail';
import { mailSite, type MailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';

export interface OwnerNoticeDeps extends SendDeps {
  config: SiteSettingsConfig & { contactNotifyTo: string | null };
}

/** Queues the owner's notice built by `build` for the owner's address and the site as mailed. */
export function notifyOwner(
  deps: OwnerNoticeDeps,
  kind: Extract<OutboxKind, 'notice' | 'booking'>,
  build: (to: string, site: MailSite) => MailMessage | Promise<MailMessage>,
  events: { failed: string; fields: Record<string, unknown> },
): void {
  const to = deps.config.contactNotifyTo;
  if (!to) return;
  sendInBackground(deps, kind, async () => build(to, await mailSite(deps)), events);
}

/**
 * Queues the owner's notice built by `build` for the owner's address inside the caller's write
 * transaction, so the feature decides in that write whether it goes (and when: `notBefore`);
 * null, and nothing built, without CONTACT_NOTIFY_TO. The caller wakes the sender after the
 * commit (`mailQueued`).
 */
export async function queueOwnerNotice(
  tx: Db,
  config: { contactNotifyTo: string | null },
  build: (to: string) => Omit<OutgoingMail, 'kind'>,
  now: Date,
): Promise<number | null> {
  const to = config.contactNotifyTo;
  if (!to) return null;
  return queueMail(tx, { kind: 'notice', ...build(to) }, now);
}
