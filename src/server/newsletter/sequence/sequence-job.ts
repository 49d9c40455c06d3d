/**
 * The welcome sequence's mail job (docs/newsletter.md, "Welcome sequence"), run by the
 * background sender after the newsletters' job. A turn finds one confirmed subscriber whose
 * next step is due and, in one write transaction, moves the subscriber on and writes the
 * step's mail into the outbox (mail/outbox/), which sends it. The move is an UPDATE that
 * checks the step it moves from, so two instances turning at once, or a restart between the
 * read and the write, give each step once: only the write that changed the row queues a mail.
 */
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { subscribers } from '#db/schema';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { MailJob, TurnOutcome } from '#server/mail/outbox/mail-loop';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { isSuppressed } from '#server/mail/suppressions/suppression';
import { mailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { newsletterMail, unsubscribeLinks } from '../compose';
import { readSequence, type StoredSequence } from './sequence';
import { tokenHash } from '../tokens';
import { daysBefore } from '#shared/calendar-days';

export interface SequenceJobDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'replyTo'> & SiteSettingsConfig;
  clock: Clock;
  logger: Logger;
}

/** What the outbox row of a subscriber's step is about: its number counts from 1. */
export const sequenceRef = (subscriberId: number, stepNumber: number) =>
  `subscriber:${subscriberId}:step:${stepNumber}`;

/**
 * Subscribers at step `step` (0-based: the number given so far) for whom it is due: confirmed,
 * not stopped, confirmed since the sequence started, and that step's days after confirmation
 * passed. Null when the sequence is off or has no such step.
 */
function dueAt(sequence: StoredSequence, step: number, now: Date) {
  const days = sequence.steps[step]?.days;
  if (!sequence.enabled || sequence.startedAt === null || days === undefined) return null;
  return and(
    eq(subscribers.status, 'confirmed'),
    isNull(subscribers.sequenceExited),
    eq(subscribers.sequenceStep, step),
    gte(subscribers.confirmedAt, sequence.startedAt),
    lte(subscribers.confirmedAt, daysBefore(now, days)),
  );
}

interface Due {
  id: number;
  email: string;
  step: number;
}

/** One subscriber whose next step is due, the earliest step first; read only. */
async function nextDue(db: Db, sequence: StoredSequence, now: Date): Promise<Due | null> {
  for (let step = 0; step < sequence.steps.length; step++) {
    const due = dueAt(sequence, step, now);
    if (!due) return null;
    const row = await db
      .select({ id: subscribers.id, email: subscribers.email })
      .from(subscribers)
      .where(due)
      .orderBy(asc(subscribers.confirmedAt), asc(subscribers.id))
      .limit(1)
      .get();
    if (row) return { ...row, step };
  }
  return null;
}

export function sequenceJob(deps: SequenceJobDeps): MailJob {
  const { db, config, logger } = deps;

  /**
   * Gives `due` its step, or stops its sequence when the address is suppressed; nothing when
   * another instance got there first or the owner changed the sequence meanwhile (its row
   * and the step are read again inside the write).
   */
  async function give(due: Due, now: Date): Promise<'queued' | 'suppressed' | 'none'> {
    const { name, address } = await mailSite({ db, config });
    const links = unsubscribeLinks(address, config.sessionSecret, due.email);
    return writeTransaction(db, async (tx) => {
      const sequence = await readSequence(tx);
      const step = sequence.steps[due.step];
      const still = dueAt(sequence, due.step, now);
      if (!step || !still) return 'none';
      const row = and(eq(subscribers.id, due.id), still);
      if (await isSuppressed(tx, due.email)) {
        const stopped = await tx
          .update(subscribers)
          .set({ sequenceExited: 'suppressed' })
          .where(row)
          .returning({ id: subscribers.id })
          .all();
        return stopped.length === 1 ? 'suppressed' : 'none';
      }
      const moved = await tx
        .update(subscribers)
        .set({
          sequenceStep: sql`${subscribers.sequenceStep} + 1`,
          // The mail carries the token of the current SESSION_SECRET: its hash must be the one
          // stored, or its unsubscribe link would not work (docs/decisions/0026).
          unsubscribeTokenHash: tokenHash(links.token),
        })
        .where(row)
        .returning({ id: subscribers.id })
        .all();
      if (moved.length !== 1) return 'none';
      const site = { name, url: address, replyTo: config.replyTo };
      await queueMail(
        tx,
        {
          kind: 'sequence',
          message: newsletterMail(due.email, step, links, site),
          ref: sequenceRef(due.id, due.step + 1),
        },
        now,
      );
      return 'queued';
    });
  }

  async function turn(now: Date): Promise<TurnOutcome> {
    const sequence = await readSequence(db);
    const due = await nextDue(db, sequence, now);
    if (!due) return { kind: 'idle' };
    const done = await give(due, now);
    if (done === 'queued') {
      logger.info('sequence.step_queued', { subscriberId: due.id, step: due.step + 1 });
    } else if (done === 'suppressed') {
      logger.info('sequence.stopped', { subscriberId: due.id, reason: 'suppressed' });
    }
    return { kind: 'worked' };
  }

  // Nothing is held between turns: a step is queued in the write that gives it.
  return { recover: () => Promise.resolve(), turn };
}
