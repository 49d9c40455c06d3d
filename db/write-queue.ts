/**
 * This instance's one write slot and the writes waiting for it (db/index.ts: every write goes
 * through `writeTransaction` or `writeBatch`): a bounded queue, transactions retried while the
 * database is busy, and the batches waiting side by side run as one transaction.
 */
import { DatabaseUnavailableError, isBusy, isDatabaseUnavailable } from './errors';
import type { BatchRows, Statement, Store } from './index';

/** Writes waiting for this instance's one write slot; past this, 503 instead of waiting. */
export const WRITE_QUEUE_LIMIT = 512;
/** Total time a transaction is retried while the database says it is busy. */
const BUSY_RETRY_MS = 5_000;
/**
 * The most statements the waiting batches put into one transaction (one request to a libSQL
 * server): about 85 contact messages, well under a megabyte at their longest.
 */
export const MAX_GROUP_STATEMENTS = 256;

export interface WriteQueue {
  /** Runs fn alone in the write slot. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs the statements in the write slot, in one transaction with the batches beside them. */
  batch(statements: Statement[]): Promise<BatchRows>;
}

type Job =
  | { kind: 'alone'; start: () => Promise<void> }
  | {
      kind: 'batch';
      statements: Statement[];
      resolve: (rows: BatchRows) => void;
      reject: (error: unknown) => void;
    };
type BatchJob = Extract<Job, { kind: 'batch' }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs fn, and again while the database reports itself busy, for up to BUSY_RETRY_MS. */
export async function retriedWhileBusy<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= deadline) throw new DatabaseUnavailableError(error);
      await sleep(Math.min(20 * 2 ** attempt, 250) * (0.5 + Math.random()));
    }
  }
}

/**
 * Runs waiting batches as one transaction: one request to a libSQL server instead of one
 * each, which is what lets an instance store more than a few hundred messages a second
 * there. Each batch's statements keep their order and see the writes of the batches before
 * them, exactly as if each had run alone in that order. A statement that fails would take
 * its neighbours down with it: unless the database itself is away, each batch then runs
 * again alone, so only the faulty one fails.
 */
async function runGroup(store: Store, group: BatchJob[]): Promise<void> {
  try {
    const rows = await retriedWhileBusy(() =>
      store.batch(group.length === 1 ? group[0]!.statements : group.flatMap((j) => j.statements)),
    );
    let at = 0;
    for (const job of group) {
      job.resolve(rows.slice(at, at + job.statements.length));
      at += job.statements.length;
    }
  } catch (error) {
    if (group.length === 1 || isDatabaseUnavailable(error)) {
      for (const job of group) job.reject(error);
      return;
    }
    for (const job of group) await runGroup(store, [job]);
  }
}

/**
 * This instance's one write slot and the writes waiting for it, in arrival order. A
 * transaction runs alone; batches next to each other in the queue run together.
 */
export function createWriteQueue(store: Store, limit: number): WriteQueue {
  const jobs: Job[] = [];
  /** Writes queued or running: the bound applies to both. */
  let pending = 0;
  let draining = false;

  async function drain() {
    try {
      while (jobs.length > 0) {
        const head = jobs[0]!;
        if (head.kind === 'alone') {
          jobs.shift();
          await head.start();
          continue;
        }
        const group: BatchJob[] = [];
        let statements = 0;
        for (const job of jobs) {
          if (job.kind !== 'batch') break;
          if (group.length > 0 && statements + job.statements.length > MAX_GROUP_STATEMENTS) {
            break;
          }
          group.push(job);
          statements += job.statements.length;
        }
        jobs.splice(0, group.length);
        await runGroup(store, group);
      }
    } finally {
      draining = false;
    }
  }

  function enqueue<T>(make: (resolve: (v: T) => void, reject: (e: unknown) => void) => Job) {
    if (pending >= limit) {
      return Promise.reject(new DatabaseUnavailableError(new Error('write queue is full')));
    }
    pending++;
    return new Promise<T>((resolve, reject) => {
      const done = () => pending--;
      jobs.push(
        make(
          (value) => {
            done();
            resolve(value);
          },
          (error) => {
            done();
            reject(error);
          },
        ),
      );
      if (!draining) {
        draining = true;
        // Started in the check phase, after the requests read in this event-loop turn have
        // queued their writes too: they go as one group (one commit) instead of one each.
        setImmediate(() => void drain());
      }
    });
  }

  return {
    run: <T>(fn: () => Promise<T>) =>
      enqueue<T>((resolve, reject) => ({
        kind: 'alone',
        start: () => Promise.resolve().then(fn).then(resolve, reject),
      })),
    batch: (statements) =>
      enqueue<BatchRows>((resolve, reject) => ({ kind: 'batch', statements, resolve, reject })),
  };
}
