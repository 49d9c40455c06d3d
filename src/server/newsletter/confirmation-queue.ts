/**
 * Confirmation mails the owner asked for (an address added by hand or imported, or a
 * resend): the request only marks the subscriber (`confirmation_queued_at`), and the
 * background sender (newsletter-job.ts) mails them one a turn, at the newsletters' pace, so an
 * import of thousands never sends inside a request nor floods the mail service.
 */
import { and, asc, isNotNull, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { subscriberConfirmations, subscribers } from '#db/schema';
import { renderConfirmationEmail } from '#shared/newsletter-email';
import type { Clock } from '#server/platform/clock';
import { loggableError, type Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { confirmUrl } from './confirmation-mail';
import { CONFIRMATION_TTL_MS, newConfirmationToken, tokenHash } from './tokens';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';

export interface ConfirmationDeps {
  db: Db;
  config: SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

const queued = isNotNull(subscribers.confirmationQueuedAt);

export async function hasQueuedConfirmation(db: Db): Promise<boolean> {
  return (
    (await db.select({ id: subscribers.id }).from(subscribers).where(queued).get()) !== undefined
  );
}

/**
 * Takes the oldest queued mail off the queue in one statement (only one sender's update can
 * clear the mark, so two instances never both send it) and answers the subscriber as it
 * is now: one that unsubscribed meanwhile is taken off without a mail, and one erased
 * is no longer there to be taken.
 */
async function takeNext(db: Db) {
  const oldest = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(queued)
    .orderBy(asc(subscribers.confirmationQueuedAt), asc(subscribers.id))
    .limit(1);
  return db
    .update(subscribers)
    .set({ confirmationQueuedAt: null })
    .where(and(sql`${subscribers.id} = (${oldest})`, queued))
    .returning({ id: subscribers.id, email: subscribers.email, status: subscribers.status })
    .get();
}

/**
 * Sends one queued confirmation, if any: a new link (stored as its hash, valid 7 days, as a
 * sign-up's) in the same mail the footer form sends. Answers whether a queued mail was
 * settled. A mail the service refuses is logged and not tried again: the owner can resend.
 */
export async function sendQueuedConfirmation(deps: ConfirmationDeps): Promise<boolean> {
  const { db, config, mailer, clock, logger } = deps;
  const now = clock.now();
  const token = newConfirmationToken();
  const taken = await writeTransaction(db, async (tx) => {
    const next = await takeNext(tx);
    if (next?.status !== 'pending') return next;
    await tx
      .insert(subscriberConfirmations)
      .values({
        tokenHash: tokenHash(token),
        subscriberId: next.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      })
      .run();
    return next;
  });
  if (!taken) return false;
  if (taken.status !== 'pending') return true;
  const next = taken;
  const { name, address } = await mailSite({ db, config });
  const mail = renderConfirmationEmail({
    siteName: name,
    siteUrl: address,
    confirmUrl: confirmUrl(address, token),
  });
  try {
    await mailer.send({ to: next.email, subject: mail.subject, text: mail.text, html: mail.html });
    logger.info('newsletter.confirmation_sent', { subscriberId: next.id });
  } catch (error) {
    logger.error('newsletter.confirmation_failed', {
      subscriberId: next.id,
      error: loggableError(error),
    });
  }
  return true;
}
