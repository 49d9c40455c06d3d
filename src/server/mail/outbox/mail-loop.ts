/**
 * The one outbox sender's loop: one per running instance (app/background.ts starts it once the
 * server listens and registers its stop, finished before the database closes). It knows no
 * kind of mail: it works through a list of mail jobs, each a queue of its own feature,
 * registered in one list in app/mail-sender.ts (docs/decisions/0044). Each turn asks the jobs
 * in their order and stops at the first that settled a mail; a job held back by its pace says
 * how long; when none has work the loop polls the database, so work queued on any instance is
 * picked up by all of them, and `wakeSenders` lets work queued on this instance start at once.
 *
 * Time comes from the injected clock and each turn is callable on its own, so tests drive
 * the sender step by step instead of waiting (docs/testing.md).
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import { claimerIsGone, markLive, markStopped, newSenderId } from '#server/platform/claim-owner';
import { loggableError, type Logger } from '#server/platform/logger';

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

/** What one turn did, and when the next is worth taking. */
export type TurnOutcome =
  /** A mail was settled (sent, failed, retried later or skipped): go on. */
  | { kind: 'worked' }
  /** A pace holds the next mail back for waitMs. */
  | { kind: 'paced'; waitMs: number }
  /** Nothing due now. */
  | { kind: 'idle' };

/** Which claims a job may take back: older than the lease, or held by a sender known gone. */
export interface Recovery {
  now: Date;
  claimedBefore: Date;
  isGone: (claimedBy: string) => boolean;
}

/** One queue of mail, as the loop sees it. */
export interface MailJob {
  /** Settles what a stopped sender left in hand (and logs it). */
  recover(recovery: Recovery): Promise<void>;
  /** At most one mail of this queue, due at `now`. */
  turn(now: Date): Promise<TurnOutcome>;
}

/**
 * The one rate of bulk mail (NEWSLETTER_RATE_PER_MINUTE), shared by every job of one sender
 * that sends bulk mail, so two queues of bulk mail together keep to it (docs/mail.md).
 */
export interface Pace {
  /** How long the next bulk mail must wait from `now` (0: it may go). */
  waitMs(now: Date): number;
  /** A bulk mail goes now: the next waits one spacing. */
  take(now: Date): void;
}

/** How late a bulk mail may go and still have the next ones catch up (at most this many ms of mail at once). */
const CATCH_UP_MS = 1_000;

export function createPace(ratePerMinute: number): Pace {
  const spacingMs = 60_000 / ratePerMinute;
  let nextAt = Number.NEGATIVE_INFINITY;
  return {
    waitMs: (now) => Math.max(0, nextAt - now.getTime()),
    take(now) {
      const at = now.getTime();
      // A mail of a running send that went late (a timer fires after its time, a turn reads
      // first, a newsletter's hand-over renders a batch) keeps the schedule: the next ones
      // catch up, so the lateness does not add up and the rate reached is the rate set. Late
      // by more than CATCH_UP_MS (a pause, an idle list), the schedule starts again from now.
      const from = at - nextAt < Math.max(spacingMs, CATCH_UP_MS) ? nextAt : at;
      nextAt = from + spacingMs;
    },
  };
}

/** What the jobs of one sender share. */
export interface MailJobShared {
  bulkPace: Pace;
}

/** A job made for one sender: `senderId` is what its claims are written with. */
export type MailJobMaker<D> = (deps: D, senderId: string, shared: MailJobShared) => MailJob;

export interface MailSender {
  /** One step of the work; the loop's body, and what tests call directly. */
  turn(): Promise<TurnOutcome>;
  /** Runs turns on real timers until stopped. */
  start(): void;
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Stops after the mail in hand (if any) is recorded. */
  stop(): Promise<void>;
}

const running = new WeakMap<Db, Set<MailSender>>();

/** Whether a sender of this instance runs on that database (started, not stopped). */
export function hasRunningSender(db: Db): boolean {
  return (running.get(db)?.size ?? 0) > 0;
}

/** Wakes this instance's sender(s) on that database: a mail was just queued. */
export function wakeSenders(db: Db): void {
  for (const sender of running.get(db) ?? []) sender.wake();
}

export function createMailLoop<
  D extends { db: Db; clock: Clock; logger: Logger; config: { bulkRatePerMinute: number } },
>(deps: D, makers: MailJobMaker<D>[], opts: { id?: string } = {}): MailSender {
  const { db, clock, logger } = deps;
  /** Written into claimed_by: which sender had a row in hand (claim-owner.ts). */
  const id = opts.id ?? newSenderId();
  markLive(id);
  const shared: MailJobShared = { bulkPace: createPace(deps.config.bulkRatePerMinute) };
  const jobs = makers.map((make) => make(deps, id, shared));
  let nextRecoveryAt = 0;

  async function turn(): Promise<TurnOutcome> {
    const now = clock.now();
    if (now.getTime() >= nextRecoveryAt) {
      nextRecoveryAt = now.getTime() + RECOVERY_INTERVAL_MS;
      const recovery = {
        now,
        claimedBefore: new Date(now.getTime() - CLAIM_LEASE_MS),
        isGone: claimerIsGone,
      };
      for (const job of jobs) await job.recover(recovery);
    }
    let waitMs: number | undefined;
    for (const job of jobs) {
      const done = await job.turn(now);
      if (done.kind === 'worked') return done;
      if (done.kind === 'paced') waitMs = Math.min(waitMs ?? done.waitMs, done.waitMs);
    }
    return waitMs === undefined ? { kind: 'idle' } : { kind: 'paced', waitMs };
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
        // The database away or busy past its retries: the queues are intact, try again later.
        logger.error('mail.sender_failed', { error: loggableError(error) });
        waitMs = TROUBLE_WAIT_MS;
      }
      if (waitMs > 0) await pause(waitMs);
    }
  }

  const sender: MailSender = {
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
