/**
 * The newsletters' mail job (docs/newsletter.md, "Sending"), after the outbox in
 * app/mail-sender.ts's list: a hand-over, not a sender. Each turn, while a newsletter is
 * sending, it tops the outbox up to HANDOVER_WINDOW of its mails (recipient-queue.ts), and the
 * outbox sends them at the one bulk pace with everything else; once nothing is left to hand
 * over and none of its mails waits or is in hand, the newsletter is marked sent.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletters } from '#db/schema';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { MailJob, Recovery, TurnOutcome } from '#server/mail/outbox/mail-loop';
import { type SiteSettingsConfig } from '#server/site/site-settings';
import { mailSite } from '#server/site/site-brand';
import { queueLeftConfirmations } from './confirmation-mail';
import { finishIfDone } from './newsletter-query';
import {
  failLeftSending,
  handOver,
  hasQueuedRecipient,
  HANDOVER_WINDOW,
  unsentMails,
} from './recipient-queue';

export interface NewsletterJobDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'replyTo'> & SiteSettingsConfig;
  logger: Logger;
}

export function newsletterJob(deps: NewsletterJobDeps): MailJob {
  const { db, config, logger } = deps;

  /** Reads first: an idle poll writes nothing. */
  async function handNext(now: Date): Promise<boolean> {
    if (!(await hasQueuedRecipient(db))) return false;
    if ((await unsentMails(db)) >= HANDOVER_WINDOW) return false;
    // Read per batch: a newsletter sent over hours signs with the name and links on the
    // address saved meanwhile.
    const { name, address } = await mailSite({ db, config });
    const site = { name, url: address, replyTo: config.replyTo };
    const done = await handOver(db, { now, secret: config.sessionSecret, site });
    if (done.handed > 0) logger.info('newsletter.handed', done);
    return done.handed + done.skipped > 0;
  }

  async function turn(now: Date): Promise<TurnOutcome> {
    const sending = await db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(eq(newsletters.status, 'sending'))
      .orderBy(asc(newsletters.id))
      .all();
    if (sending.length === 0) return { kind: 'idle' };
    if (await handNext(now)) return { kind: 'worked' };
    let finished = false;
    for (const { id } of sending) {
      if (await finishIfDone(db, id, now)) {
        logger.info('newsletter.sent', { newsletterId: id });
        finished = true;
      }
    }
    return finished ? { kind: 'worked' } : { kind: 'idle' };
  }

  async function recover({ now }: Recovery): Promise<void> {
    const left = await queueLeftConfirmations(db, () => mailSite({ db, config }), now);
    if (left > 0) logger.info('newsletter.confirmations_moved', { confirmations: left });
    const failed = await failLeftSending(db);
    if (failed > 0) {
      logger.error('newsletter.interrupted', {
        recipients: failed,
        message: 'recipients left in sending by a stopped sender were marked failed',
      });
    }
  }

  return { recover, turn };
}
