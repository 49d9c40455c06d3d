/**
 * Sends one due reply, if there is one: claimed, mailed, settled (reply-queue.ts). The
 * background sender (platform/mail-loop.ts, reply-job.ts) takes a turn here before each newsletter mail, so
 * one loop per instance sends every queued mail, and a reply never waits behind a newsletter.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { describeFailure, isTemporary, RETRY_DELAYS_MS } from '#server/platform/smtp-failure';
import { replyMail } from './reply-mail';
import { claimNextReply, hasDueReply, recordReplyOutcome, type ReplyOutcome } from './reply-queue';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';

export interface ReplyDeps {
  db: Db;
  config: Pick<Config, 'replyTo'> & SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/** Answers whether a reply was settled (sent, put back for later, or failed). */
export async function sendDueReply(deps: ReplyDeps, senderId: string): Promise<boolean> {
  const { db, config, mailer, clock, logger } = deps;
  const now = clock.now();
  if (!(await hasDueReply(db, now))) return false;
  const reply = await claimNextReply(db, { now, claimedBy: senderId });
  if (!reply) return false;
  const { name, address } = await mailSite(deps);
  const site = { name, url: address, replyTo: config.replyTo };
  let outcome: ReplyOutcome;
  try {
    await mailer.send(replyMail(reply, site));
    outcome = { kind: 'sent' };
  } catch (error) {
    const described = describeFailure(error);
    const delay = RETRY_DELAYS_MS[reply.attempt - 1];
    outcome =
      isTemporary(error) && delay !== undefined
        ? { kind: 'retry', at: new Date(clock.now().getTime() + delay), error: described }
        : { kind: 'failed', error: described };
    logger.error(outcome.kind === 'retry' ? 'lead.reply_deferred' : 'lead.reply_failed', {
      eventId: reply.id,
      attempt: reply.attempt,
      error: described,
    });
  }
  await recordReplyOutcome(db, reply, senderId, outcome);
  if (outcome.kind === 'sent') logger.info('lead.reply_sent', { eventId: reply.id });
  return true;
}
