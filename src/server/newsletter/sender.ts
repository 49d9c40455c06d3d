/**
 * The background sender: one per running instance (server.ts starts it after listen and
 * stops it before the database closes). Each turn first sends a due reply to a lead
 * (leads/replies/reply-delivery.ts) or a call's reminder (booking/reminder-delivery.ts), then
 * a confirmation mail the owner queued (confirmation-queue.ts), then works through the
 * recipients' queue (recipient-queue.ts) one mail at a time, at most
 * NEWSLETTER_RATE_PER_MINUTE a minute, and polls the database when idle, so a send started on
 * any instance is picked up by all of them; `wakeSenders` lets a send on this instance start at once.
 *
 * Time comes from the injected clock and each turn is callable on its own, so tests drive
 * the sender step by step instead of waiting (docs/testing.md).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletters } from '#db/schema';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { loggableError, type Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { claimerIsGone, markLive, markStopped, newSenderId } from './claim-owner';
import { newsletterMail, unsubscribeLinks, type NewsletterContent } from './compose';
import {
  claimNext,
  failInterrupted,
  hasDueRecipient,
  recordOutcome,
  type ClaimedRecipient,
  type Outcome,
} from './recipient-queue';
import { describeFailure, isTemporary, RETRY_DELAYS_MS } from './smtp-failure';
import { sendDueReply } from '#server/leads/replies/reply-delivery';
import { failInterruptedReplies } from '#server/leads/replies/reply-queue';
import { sendDueReminder } from '#server/booking/reminder-delivery';
import { hasQueuedConfirmation, sendQueuedConfirmation } from './confirmation-queue';
import { failInterruptedReminders } from '#server/booking/reminder-queue';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';

export interface SenderDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'newsletterRatePerMinute' | 'replyTo'> &
    SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/** How often an idle sender looks for work another instance queued. */
export const IDLE_POLL_MS = 1_000;
/**
 * A claim older than this whose row is still `sending` belongs to a sender that died. Far
 * longer than any one mail takes, so a slow mail on another live instance is never taken for
 * a crash (docs/newsletter.md, "Sending"). A sender on the same machine that is known to be
 * gone is judged at once (claim-owner.ts).
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** How often claims past their lease are looked for (and at start). */
export const RECOVERY_INTERVAL_MS = 60_000;
/** The wait after the database failed a turn (sqld restarting, a long lock). */
const TROUBLE_WAIT_MS = 5_000;
/** Newsletters' texts kept between mails: they cannot change once sending. */
const CONTENT_CACHE_SIZE = 8;

/** What one turn did, and when the next is worth taking. */
export type Turn =
  /** A recipient was settled (sent, failed, retried later or skipped): go on. */
  | { kind: 'worked' }
  /** The rate limit holds the next mail back for waitMs. */
  | { kind: 'paced'; waitMs: number }
  /** Nothing due now. */
  | { kind: 'idle' };

export interface NewsletterSender {
  /** One step of the work; the loop's body, and what tests call directly. */
  turn(): Promise<Turn>;
  /** Runs turns on real timers until stopped. */
  start(): void;
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Stops after the mail in hand (if any) is recorded. */
  stop(): Promise<void>;
}

const running = new WeakMap<Db, Set<NewsletterSender>>();

/** Wakes this instance's sender(s) on that database: a send or retry was just queued. */
export function wakeSenders(db: Db): void {
  for (const sender of running.get(db) ?? []) sender.wake();
}

export function createNewsletterSender(
  deps: SenderDeps,
  opts: { id?: string } = {},
): NewsletterSender {
  const { db, config, mailer, clock, logger } = deps;
  /** Written into claimed_by: which sender had a row in hand (claim-owner.ts). */
  const id = opts.id ?? newSenderId();
  markLive(id);
  const spacingMs = 60_000 / config.newsletterRatePerMinute;
  const contents = new Map<number, NewsletterContent>();
  let nextSendAt = 0;
  let nextRecoveryAt = 0;

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

  async function turn(): Promise<Turn> {
    const now = clock.now();
    if (now.getTime() >= nextRecoveryAt) {
      nextRecoveryAt = now.getTime() + RECOVERY_INTERVAL_MS;
      const recovered = await failInterrupted(db, {
        claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
        isGone: claimerIsGone,
        now,
      });
      if (recovered.failed > 0) {
        logger.error('newsletter.interrupted', {
          recipients: recovered.failed,
          message: 'recipients left in sending by a stopped sender were marked failed',
        });
      }
      recovered.finished.forEach(logFinished);
      const replies = await failInterruptedReplies(db, {
        claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
        isGone: claimerIsGone,
      });
      if (replies > 0) {
        logger.error('lead.replies_interrupted', {
          replies,
          message: 'replies left in sending by a stopped sender were marked failed',
        });
      }
      const reminders = await failInterruptedReminders(db, {
        claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
        isGone: claimerIsGone,
      });
      if (reminders > 0) {
        logger.error('booking.reminders_interrupted', {
          reminders,
          message: 'reminders left in sending by a stopped sender were marked failed',
        });
      }
    }
    // Mail to one person (a reply, then a call's reminder) goes first, and is not held to the
    // newsletters' pace.
    if (await sendDueReply(deps, id)) return { kind: 'worked' };
    if (await sendDueReminder(deps, id)) return { kind: 'worked' };
    if (now.getTime() < nextSendAt) return { kind: 'paced', waitMs: nextSendAt - now.getTime() };
    // Confirmations the owner queued (an import can queue thousands) go before the
    // newsletters' recipients, at the same pace. Read first: an idle poll writes nothing.
    if ((await hasQueuedConfirmation(db)) && (await sendQueuedConfirmation(deps))) {
      nextSendAt = now.getTime() + spacingMs;
      return { kind: 'worked' };
    }
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

  let stopping = false;
  let loop: Promise<void> | null = null;
  let woken = false;
  let interrupt: (() => void) | null = null;

  /** Resolves after ms, or at once on wake() or stop(). */
  function pause(ms: number): Promise<void> {
    if (woken || stopping) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        interrupt = null;
        woken = false;
        resolve();
      }
      interrupt = done;
    });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let waitMs: number;
      try {
        const done = await turn();
        waitMs = done.kind === 'worked' ? 0 : done.kind === 'paced' ? done.waitMs : IDLE_POLL_MS;
      } catch (error) {
        // The database away or busy past its retries: the queue is intact, try again later.
        logger.error('newsletter.sender_failed', { error: loggableError(error) });
        waitMs = TROUBLE_WAIT_MS;
      }
      if (waitMs > 0) await pause(waitMs);
    }
  }

  const sender: NewsletterSender = {
    turn,
    start() {
      if (loop) return;
      let set = running.get(db);
      if (!set) running.set(db, (set = new Set()));
      set.add(sender);
      loop = run();
    },
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopping = true;
      interrupt?.();
      running.get(db)?.delete(sender);
      await loop;
      markStopped(id);
    },
  };
  return sender;
}
