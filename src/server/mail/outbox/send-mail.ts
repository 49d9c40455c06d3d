/**
 * How features send one mail (docs/mail.md): through the outbox, never by the Mailer itself.
 * - `sendInBackground`: the request answers first; the mail is built, written into the outbox
 *   and this instance's sender woken (a process running no sender, such as the command line
 *   or a test, sends what is due itself). When SMTP is down it waits there and is retried.
 * - `queueMail` in the feature's own transaction, then `deliverNow`: for a mail the person is
 *   waiting for (a sign-in code, a test copy), sent by the request itself through the same
 *   claim as the sender's, and failed rather than retried later (a late code is a dead one;
 *   the person is told and asks again).
 */
import type { Db } from '#db';
import { writeTransaction } from '#db';
import type { OutboxKind } from '#shared/outbox';
import type { Clock } from '#server/platform/clock';
import { loggableError, type Logger } from '#server/platform/logger';
import { afterMails, trackMail, type MailMessage, type Mailer } from '#server/platform/mail';
import { hasRunningSender, wakeSenders } from './mail-loop';
import { markLive, markStopped, newSenderId } from '#server/platform/claim-owner';
import { deliverClaimed, outboxJob, type OutboxDeps } from './outbox-job';
import { claimMail, hasUnsettledMail } from './outbox-queue';
import { queueMail } from './queue-mail';

export interface SendDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
}

/**
 * Writes a mail into the outbox without making the request wait: what the mail is about is
 * already stored, and a wait that depends on whether a mail goes would tell a visitor
 * something (who is already on the newsletter list). `message` may be a function that builds
 * it: it runs after the answer too, so what it reads (the site's saved name,
 * site/site-brand.ts) costs the request nothing. A mail that could not be built or
 * written is logged as `events.failed` with `fields`, never thrown; its sending is logged by
 * the sender (`mail.sent`, `mail.deferred`, `mail.failed`, with the outbox id).
 */
export function sendInBackground(
  deps: SendDeps,
  kind: OutboxKind,
  message: MailMessage | (() => Promise<MailMessage>),
  events: { failed: string; fields: Record<string, unknown> },
): void {
  // A macrotask later: the answer is written before any of this runs.
  const queued = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => (typeof message === 'function' ? message() : message))
    .then((built) =>
      writeTransaction(deps.db, (tx) => queueMail(tx, { kind, message: built }, deps.clock.now())),
    )
    .then(
      () => mailQueued(deps),
      (error: unknown) =>
        deps.logger.error(events.failed, { ...events.fields, error: loggableError(error) }),
    );
  trackMail(deps.mailer, queued);
  afterMails(deps.mailer, () => runningSenderDone(deps));
}

/**
 * What a feature calls once the transaction that queued its mail (`queueMail`) committed:
 * this instance's sender is woken, or, when no sender runs in this process (a command line,
 * a test), what is due goes from here. Never throws: the mail waits in the outbox.
 */
export function mailQueued(deps: SendDeps): Promise<void> {
  // `mailsSettled` (a graceful stop, a test) waits for it as for sendInBackground's mail.
  afterMails(deps.mailer, () => runningSenderDone(deps));
  if (hasRunningSender(deps.db)) {
    wakeSenders(deps.db);
    return Promise.resolve();
  }
  const sent = sendDue(deps);
  trackMail(deps.mailer, sent);
  return sent;
}

/** What became of a mail the request sent itself. */
export type DeliveredNow = 'sent' | 'failed';

/**
 * Sends the queued row `id` now, from the request, through the outbox's claim: a sender that
 * took it first sends it instead ('sent': it is on its way). A failure of any kind is final.
 */
export async function deliverNow(deps: SendDeps, id: number): Promise<DeliveredNow> {
  const senderId = newSenderId();
  markLive(senderId);
  try {
    const claim = await claimMail(deps.db, {
      now: deps.clock.now(),
      claimedBy: senderId,
      bulk: true,
      id,
    });
    if (claim.kind !== 'claimed') return claim.kind === 'none' ? 'sent' : 'failed';
    const settlement = await deliverClaimed(withRate(deps), claim.mail, senderId, {
      retry: false,
    });
    return settlement.kind === 'sent' ? 'sent' : 'failed';
  } finally {
    markStopped(senderId);
  }
}

/** The outbox deps without a configured rate: what is sent here is one person's mail. */
function withRate(deps: SendDeps): OutboxDeps {
  // Not bulk mail either: no VERP Return-Path to make.
  return {
    ...deps,
    config: {
      bulkRatePerMinute: Number.POSITIVE_INFINITY,
      bounceAddress: null,
      sessionSecret: '',
    },
  };
}

/** How long `mailsSettled` waits for a running sender to empty the outbox of what is due. */
const RUNNING_SENDER_WAIT_MS = 10_000;

/**
 * What `mailsSettled` (platform/mail.ts) waits for once the mails are queued: with a sender
 * running on this database, until nothing due or in hand is left.
 */
async function runningSenderDone(deps: SendDeps): Promise<void> {
  if (!hasRunningSender(deps.db)) return;
  const until = Date.now() + RUNNING_SENDER_WAIT_MS;
  while (Date.now() < until && (await hasUnsettledMail(deps.db, deps.clock.now()))) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends what is due now in the outbox, with this mailer, through the sender's claims. */
async function sendDue(deps: SendDeps): Promise<void> {
  const senderId = newSenderId();
  markLive(senderId);
  try {
    const job = outboxJob(withRate(deps), senderId);
    while ((await job.turn(deps.clock.now())).kind === 'worked');
  } catch (error) {
    // The rows stay queued (or are failed by the next sender's recovery): nothing is lost.
    deps.logger.error('mail.send_failed', { error: loggableError(error) });
  } finally {
    markStopped(senderId);
  }
}
