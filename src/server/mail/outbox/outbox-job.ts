/**
 * The outbox's sender (docs/mail.md): a mail job of the background sender (mail/outbox/mail-loop.ts,
 * first in app/mail-sender.ts's list) that knows no feature. Each turn claims the next due row
 * (sign-in codes first), sends it through the Mailer and settles it:
 * - sent;
 * - a temporary failure (a 4xx, a connection that failed): queued again after a backoff
 *   (RETRY_BACKOFF_MS), failed after the last try;
 * - an SMTP 5xx refusing the recipient: failed, and the address suppressed in the same write;
 * - any other permanent failure: failed, no retry.
 * Bulk rows (newsletters, sequences) are held to the one bulk rate the sender's jobs share;
 * the rest are not paced.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { smtpRejection } from '../deliverability/smtp-rejection';
import type { Logger } from '#server/platform/logger';
import type { MailMessage, Mailer } from '#server/platform/mail';
import { verpAddress } from '../deliverability/verp';
import { bounceTokenKey } from '#server/platform/keys';
import {
  createPace,
  type MailJob,
  type MailJobShared,
  type Pace,
  type TurnOutcome,
} from './mail-loop';
import {
  claimMail,
  claimHeadMail,
  CODE_DROPPED,
  failInterruptedMails,
  hasDueMail,
  settleMail,
  type ClaimedMail,
  type Settlement,
} from './outbox-queue';
import { TEXT_DROPPED } from './outbox-prune';
import { sealClearMail, UnopenedMailError } from './outbox-seal';
import { storedMessage } from './queue-mail';

export interface OutboxDeps {
  db: Db;
  config: Pick<Config, 'bulkRatePerMinute' | 'bounceAddress' | 'sessionSecret'>;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/**
 * The wait before each try after a temporary failure: 5 more tries over about 8.5 hours, then
 * failed. An outage shorter than that loses nothing (docs/operations.md).
 */
export const RETRY_BACKOFF_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
] as const;

/** What an error from the Mailer means for this row. */
export function settlementFor(mail: ClaimedMail, error: unknown, now: Date): Settlement {
  const rejection = smtpRejection(error);
  const detail = rejection.diagnostic;
  if (rejection.kind === 'temporary') {
    const delay = RETRY_BACKOFF_MS[mail.attempt - 1];
    if (delay === undefined) return { kind: 'failed', error: detail };
    return { kind: 'retry', at: new Date(now.getTime() + delay), error: detail };
  }
  if (rejection.kind === 'rejected') {
    const suppress = rejection.rejected.flatMap((r) =>
      r.email === null
        ? []
        : [
            {
              email: r.email,
              reason: 'hard_bounce' as const,
              detail: `${r.status} ${r.diagnostic}`.trim(),
            },
          ],
    );
    return { kind: 'failed', error: detail, suppress };
  }
  return { kind: 'failed', error: detail };
}

/**
 * The claimed row's message, opened (outbox-seal.ts); bulk mail returns to its VERP address
 * when BOUNCE_ADDRESS is set (docs/mail.md, "Bounces").
 */
function messageOf({ db, config }: OutboxDeps, mail: ClaimedMail): MailMessage {
  const message = storedMessage(db, mail);
  if (!mail.bulk || !config.bounceAddress) return message;
  const key = bounceTokenKey(config.sessionSecret);
  return { ...message, returnPath: verpAddress(config.bounceAddress, mail.id, key) };
}

/**
 * Sends one claimed row and records the outcome; answers it. `retry: false` (a mail the
 * request sends itself, send-mail.ts) fails a temporary failure too.
 */
export async function deliverClaimed(
  deps: OutboxDeps,
  mail: ClaimedMail,
  senderId: string,
  opts: { retry: boolean } = { retry: true },
): Promise<Settlement> {
  let settlement: Settlement;
  try {
    const messageId = await deps.mailer.send(messageOf(deps, mail));
    settlement = { kind: 'sent', messageId: messageId ?? null };
  } catch (error) {
    // A text that does not open is never sent, and no retry opens it (docs/mail.md).
    settlement =
      error instanceof UnopenedMailError
        ? { kind: 'failed', error: error.message }
        : settlementFor(mail, error, deps.clock.now());
    if (settlement.kind === 'retry' && !opts.retry) {
      settlement = { kind: 'failed', error: settlement.error };
    }
  }
  const fields = { id: mail.id, kind: mail.kind, attempt: mail.attempt };
  if (settlement.kind === 'sent') deps.logger.info('mail.sent', fields);
  else {
    deps.logger.error(settlement.kind === 'retry' ? 'mail.deferred' : 'mail.failed', {
      ...fields,
      error: settlement.error,
    });
  }
  await settleMail(deps.db, mail, senderId, settlement, deps.clock.now());
  return settlement;
}

export function outboxJob(deps: OutboxDeps, senderId: string, shared?: MailJobShared): MailJob {
  const { db, logger } = deps;
  // A job made outside a sender's loop (a test's drain) keeps a pace of its own.
  const pace: Pace = shared?.bulkPace ?? createPace(deps.config.bulkRatePerMinute);
  let clearMailSealed = false;

  return {
    async recover({ claimedBefore, isGone }) {
      if (!clearMailSealed) {
        // Once a process: mail an older version queued in clear is sealed before it goes.
        const sealed = await sealClearMail(db, [TEXT_DROPPED, CODE_DROPPED]);
        if (sealed > 0) logger.info('mail.sealed', { mails: sealed });
        clearMailSealed = true;
      }
      const failed = await failInterruptedMails(db, { claimedBefore, isGone });
      if (failed > 0) {
        logger.error('mail.interrupted', {
          mails: failed,
          message: 'mails left in sending by a stopped sender were marked failed',
        });
      }
    },
    async turn(now): Promise<TurnOutcome> {
      const waitMs = pace.waitMs(now);
      const bulk = waitMs === 0;
      // Read first: an idle poll writes nothing.
      if (!(await hasDueMail(db, { now, bulk }))) {
        if (!bulk && (await hasDueMail(db, { now, bulk: true }))) return { kind: 'paced', waitMs };
        return { kind: 'idle' };
      }
      // A head that is not bulk in one statement; a bulk one (checked against the
      // suppressions) in a transaction.
      let claim = await claimHeadMail(db, { now, claimedBy: senderId, bulk });
      if (claim.kind === 'none') claim = await claimMail(db, { now, claimedBy: senderId, bulk });
      if (claim.kind === 'none') return { kind: 'idle' };
      if (claim.kind === 'skipped') {
        logger.info('mail.suppressed', { id: claim.id });
        return { kind: 'worked' };
      }
      if (claim.mail.bulk) pace.take(now);
      await deliverClaimed(deps, claim.mail, senderId);
      return { kind: 'worked' };
    },
  };
}
