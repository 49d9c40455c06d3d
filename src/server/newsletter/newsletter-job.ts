/**
 * The newsletters' mail job (platform/mail-loop.ts runs it, after the mail to one person): the
 * recipients' queue (recipient-queue.ts), one mail at a time, at most
 * NEWSLETTER_RATE_PER_MINUTE a minute.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletters } from '#db/schema';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import type { MailJob, Recovery, Turn } from '#server/platform/mail-loop';
import { describeFailure, isTemporary, RETRY_DELAYS_MS } from '#server/platform/smtp-failure';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';
import { newsletterMail, unsubscribeLinks, type NewsletterContent } from './compose';
import {
  claimNext,
  failInterrupted,
  hasDueRecipient,
  recordOutcome,
  type ClaimedRecipient,
  type Outcome,
} from './recipient-queue';

export interface NewsletterJobDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'newsletterRatePerMinute' | 'replyTo'> &
    SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/** Newsletters' texts kept between mails: they cannot change once sending. */
const CONTENT_CACHE_SIZE = 8;

export function newsletterJob(deps: NewsletterJobDeps, id: string): MailJob {
  const { db, config, mailer, clock, logger } = deps;
  const spacingMs = 60_000 / config.newsletterRatePerMinute;
  const contents = new Map<number, NewsletterContent>();
  let nextSendAt = 0;

  async function contentOf(newsletterId: number): Promise<NewsletterContent | null> {
    const cached = contents.get(newsletterId);
    if (cached) return cached;
    const row = await db
      .select({ subject: newsletters.subject, body: newsletters.body })
      .from(newsletters)
      .where(eq(newsletters.id, newsletterId))
      .get();
    if (!row) return null;
    if (contents.size >= CONTENT_CACHE_SIZE) contents.clear();
    contents.set(newsletterId, row);
    return row;
  }

  async function deliver(recipient: ClaimedRecipient): Promise<Outcome> {
    const content = await contentOf(recipient.newsletterId);
    if (!content) return { kind: 'failed', error: 'the newsletter was deleted' };
    // Read per mail, from memory unless the content changed: a newsletter sent over hours
    // signs with the name and links on the address saved meanwhile.
    const { name, address } = await mailSite({ db, config });
    const links = unsubscribeLinks(address, config.sessionSecret, recipient.email);
    const site = { name, url: address, replyTo: config.replyTo };
    try {
      await mailer.send(newsletterMail(recipient.email, content, links, site));
      return { kind: 'sent' };
    } catch (error) {
      const described = describeFailure(error);
      const delay = RETRY_DELAYS_MS[recipient.attempt - 1];
      if (isTemporary(error) && delay !== undefined) {
        return { kind: 'retry', at: new Date(clock.now().getTime() + delay), error: described };
      }
      return { kind: 'failed', error: described };
    }
  }

  function logFinished(newsletterId: number) {
    logger.info('newsletter.sent', { newsletterId });
  }

  async function recover({ now, claimedBefore, isGone }: Recovery): Promise<void> {
    const recovered = await failInterrupted(db, { claimedBefore, isGone, now });
    if (recovered.failed > 0) {
      logger.error('newsletter.interrupted', {
        recipients: recovered.failed,
        message: 'recipients left in sending by a stopped sender were marked failed',
      });
    }
    recovered.finished.forEach(logFinished);
  }

  async function turn(now: Date): Promise<Turn> {
    if (now.getTime() < nextSendAt) return { kind: 'paced', waitMs: nextSendAt - now.getTime() };
    // Read first: an idle poll writes nothing.
    if (!(await hasDueRecipient(db, now))) return { kind: 'idle' };
    const claim = await claimNext(db, { now, claimedBy: id, secret: config.sessionSecret });
    if (claim.kind === 'none') return { kind: 'idle' };
    if (claim.kind === 'skipped') {
      if (claim.finished) logFinished(claim.newsletterId);
      return { kind: 'worked' };
    }
    const { recipient } = claim;
    nextSendAt = now.getTime() + spacingMs;
    const outcome = await deliver(recipient);
    if (outcome.kind !== 'sent') {
      logger.error(
        outcome.kind === 'retry' ? 'newsletter.mail_deferred' : 'newsletter.mail_failed',
        {
          newsletterId: recipient.newsletterId,
          recipientId: recipient.id,
          attempt: recipient.attempt,
          error: outcome.error,
        },
      );
    }
    if (await recordOutcome(db, recipient, id, outcome, clock.now())) {
      logFinished(recipient.newsletterId);
    }
    return { kind: 'worked' };
  }

  return { recover, turn };
}
