/**
 * The one sender of the owner's notices (docs/mail.md, "Writing a mail"): the mails that tell
 * the owner something happened on the site (a new contact message, a booked, moved or
 * cancelled call, an answer to a lead). They go to CONTACT_NOTIFY_TO, and only when it is
 * set: without it nothing is built or queued. Each is built after the request answered (it
 * reads the site's saved name, address and time zone) and goes through the outbox like every
 * mail; a mail that cannot be built or written is logged as `events.failed`, never thrown.
 */
import type { OutboxKind } from '#shared/outbox';
import type { MailMessage } from '#server/platform/mail';
import { sendInBackground, type SendDeps } from '#server/mail/outbox/send-mail';
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
