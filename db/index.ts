/**
 * The one data layer (docs/decisions: one data layer for two drivers). Every query goes through a drizzle handle typed
 * `Db`, the same for both drivers, and every write through `writeTransaction`, so no router,
 * shim or command knows whether it runs on the embedded file or on a libSQL server.
 *
 * - Reads use the handle itself and see committed data only.
 * - Writes run in `writeTransaction(db, async (tx) => ...)`: BEGIN IMMEDIATE, one at a time per
 *   instance, a bounded queue behind it (past it: DatabaseUnavailableError, answered 503), and
 *   retried as a whole while the database reports itself busy (SQLITE_BUSY, sqld's 429).
 *   Inside, use `tx` for reads too: it is the only view that includes the transaction's own
 *   writes. Keep the callback to database work: it may run more than once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { DatabaseUnavailableError, isBusy } from './errors';
import { openEmbedded } from './embedded';
import { openLibsql } from './libsql';
import type * as schema from './schema';

export { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';

/**
 * Both drivers' drizzle databases, seen through what they share: a query's result is the
 * value (better-sqlite3) or a promise of it (libSQL), so callers always `await` it.
 */
export type Db = BaseSQLiteDatabase<'sync' | 'async', unknown, typeof schema>;

export type DatabaseTarget = { file: string } | { url: string; authToken?: string };

/** The target as a person would name it in a message (never the token or a URL password). */
export function describeDatabase(target: DatabaseTarget): string {
  if ('file' in target) return `DATABASE_PATH "${target.file}"`;
  const url = new URL(target.url);
  url.username = '';
  url.password = '';
  return `DATABASE_URL "${url.origin}"`;
}

/** What each driver provides behind a Db. */
export interface Store {
  readonly db: Db;
  /** Runs fn in one BEGIN IMMEDIATE transaction on the write connection (no queue, no retry). */
  transaction<T>(fn: (tx: Db) => Promise<T> | T): Promise<T>;
  close(): Promise<void>;
  /** A `change_counters` value (0 when the row is missing), read with the least work. */
  changeCounter(name: string): Promise<number>;
  /** The embedded file's connection (for the online backup); null on a libSQL server. */
  readonly sqliteFile: import('better-sqlite3').Database | null;
}

const stores = new WeakMap<Db, Store & { queue: WriteQueue }>();

/** Writes waiting for this instance's one write slot; past this, 503 instead of waiting. */
export const WRITE_QUEUE_LIMIT = 512;
/** Total time a transaction is retried while the database says it is busy. */
const BUSY_RETRY_MS = 5_000;

interface WriteQueue {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

function createWriteQueue(limit: number): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    async run(fn) {
      if (waiting >= limit) throw new DatabaseUnavailableError(new Error('write queue is full'));
      waiting++;
      const previous = tail;
      let release: () => void = () => {};
      tail = new Promise<void>((resolve) => (release = resolve));
      try {
        await previous;
        return await fn();
      } finally {
        waiting--;
        release();
      }
    },
  };
}

/** The store whose transaction the current async call chain runs in. */
const runningIn = new AsyncLocalStorage<Store>();
/**
 * On Node 20 an AsyncLocalStorage, once used, hooks every promise of the process; the bench
 * measured that on the hot read paths. The guard catches a programming error that every test
 * run exposes, so production goes without it.
 */
const NESTING_GUARD = process.env.NODE_ENV !== 'production';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the database named by the target, applies pending migrations (safe when several
 * instances start together) and answers its handle.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  const store = 'url' in target ? await openLibsql(target) : await openEmbedded(target.file);
  stores.set(store.db, { ...store, queue: createWriteQueue(WRITE_QUEUE_LIMIT) });
  return store.db;
}

function storeOf(db: Db) {
  const store = stores.get(db);
  if (!store) throw new Error('not a database opened by openDatabase (or already closed)');
  return store;
}

/**
 * Runs fn in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so two
 * writers never both read and then fail to upgrade. Rolled back if fn throws.
 */
export function writeTransaction<T>(db: Db, fn: (tx: Db) => Promise<T> | T): Promise<T> {
  const store = storeOf(db);
  // One write slot per instance: a transaction waiting for it inside another would wait
  // forever. Fail loudly instead; the inner code should take the outer `tx`.
  if (NESTING_GUARD && runningIn.getStore() === store) {
    return Promise.reject(new Error('writeTransaction inside another: pass its tx down instead'));
  }
  return store.queue.run(async () => {
    const deadline = Date.now() + BUSY_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await (NESTING_GUARD
          ? runningIn.run(store, () => store.transaction(fn))
          : store.transaction(fn));
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() >= deadline) throw new DatabaseUnavailableError(error);
        await sleep(Math.min(20 * 2 ** attempt, 250) * (0.5 + Math.random()));
      }
    }
  });
}

/**
 * How often the table `name` has changed (bumped by triggers, migration 0003): the caches'
 * one read per use, so it skips the query builder.
 */
export function changeCounter(db: Db, name: string): Promise<number> {
  return storeOf(db).changeCounter(name);
}

/** The embedded file's connection, for the online backup; null on a libSQL server. */
export function sqliteFileOf(db: Db): import('better-sqlite3').Database | null {
  return storeOf(db).sqliteFile;
}

/** Waits for the writes in flight, then closes (the embedded file leaves no -wal behind). */
export async function closeDatabase(db: Db): Promise<void> {
  const store = stores.get(db);
  if (!store) return;
  stores.delete(db);
  await store.queue.run(() => store.close());
}
