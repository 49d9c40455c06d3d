/**
 * The owner's mail about the client's messages on an engagement (docs/engagements.md, "The
 * thread"): to CONTACT_NOTIFY_TO, at most one per engagement in 5 minutes however many
 * messages come, and every message covered by a mail that goes at or after it.
 *
 * Decided in the message's own write transaction (so twenty messages at once make one mail):
 * - a notice of this engagement still waiting in the outbox (queued, not yet in a sender's
 *   hands) will be read after this message: it covers it, nothing more is queued;
 * - else one is queued, due at the later of now and 5 minutes after the last one
 *   (`engagements.owner_notified_at`), which then moves to that moment.
 * A message inside the window is so covered by the mail that the outbox holds until the
 * window ends (the outbox's `notBefore`): no job of its own, and nothing lost on a restart.
 * The mail names the lead and the engagement, never the message's words (it is safe to
 * forward, as the answers' notice is) and no link of the client's.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { engagements, outbox } from '#db/schema';
import { THREAD_LIMITS } from '#shared/engagements/thread';
import { onOneLine } from '#shared/validation';
import { THREAD_NOTICE_TOPIC } from '#shared/engagements/thread';
import type { MailMessage } from '#server/platform/mail';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { queueOwnerNotice } from '#server/mail/owner-notice';
import type { MailSite } from '#server/site/site-brand';
import { siteMail } from '#server/proposals/short-mail';

export interface NoticedEngagement {
  id: number;
  leadId: number;
  leadName: string;
  title: string;
}

export function threadNoticeMail(
  to: string,
  engagement: NoticedEngagement,
  site: MailSite,
): MailMessage {
  const name = onOneLine(engagement.leadName);
  const link = new URL(`/admin/leads/${engagement.leadId}`, site.address).href;
  return siteMail(to, site, {
    subject: `New message from ${name} on their engagement page`,
    lines: [
      `Engagement: ${onOneLine(engagement.title)}`,
      'Read what they wrote on the lead, and reply from there: the reply shows on their page.',
    ],
    button: { url: link, label: 'Read and reply' },
  });
}

/** The moment the next notice may go: 5 minutes after the last one, or now. */
function dueAt(lastNotified: Date | null, now: Date): Date {
  if (lastNotified === null) return now;
  const windowEnd = lastNotified.getTime() + THREAD_LIMITS.ownerNoticeMs;
  return new Date(Math.max(windowEnd, now.getTime()));
}

/**
 * Queues the owner's notice of a message just stored on `engagement`, inside that message's
 * write transaction, unless a waiting notice covers it (none without CONTACT_NOTIFY_TO).
 * Returns whether one was queued.
 */
export async function queueThreadNotice(
  tx: Db,
  deps: { config: { contactNotifyTo: string | null }; site: MailSite },
  engagement: NoticedEngagement,
  now: Date,
): Promise<boolean> {
  const ref = mailRef(THREAD_NOTICE_TOPIC, engagement.id);
  const waiting = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.ref, ref), eq(outbox.status, 'queued')))
    .orderBy(desc(outbox.id))
    .limit(1)
    .get();
  if (waiting) return false;
  const row = await tx
    .select({ ownerNotifiedAt: engagements.ownerNotifiedAt })
    .from(engagements)
    .where(eq(engagements.id, engagement.id))
    .get();
  const notBefore = dueAt(row?.ownerNotifiedAt ?? null, now);
  const queued = await queueOwnerNotice(
    tx,
    deps.config,
    (to) => ({ message: threadNoticeMail(to, engagement, deps.site), ref, notBefore }),
    now,
  );
  // Without CONTACT_NOTIFY_TO nobody is told by mail, and no window starts.
  if (queued === null) return false;
  await tx
    .update(engagements)
    .set({ ownerNotifiedAt: notBefore })
    .where(eq(engagements.id, engagement.id));
  return true;
}
