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
 * - A write whose statements are known before it starts (the public forms, the sign-in
 *   throttle) goes through `writeBatch(db, statements)` instead: the same queue and retries,
 *   but the statements travel in one request to a libSQL server, and the batches waiting in
 *   the queue together run as one transaction (docs/decisions: one round trip per public write).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { openEmbedded } from './embedded';
import type { MigrationOptions } from './migrations';
import type { DatabaseTarget } from './target';
import {
  createWriteQueue,
  retriedWhileBusy,
  WRITE_QUEUE_LIMIT,
  type WriteQueue,
} from './write-queue';

export { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';
export { MAX_GROUP_STATEMENTS, WRITE_QUEUE_LIMIT } from './write-queue';

/**
 * Both drivers' drizzle databases, seen through what they share: a query's result is the
 * value (better-sqlite3) or a promise of it (libSQL), so callers always `await` it. Without
 * drizzle's relational API (`db.query`), which nothing uses: given the schema, drizzle builds
 * its relations at every open, three times an open, about a millisecond each.
 */
export type Db = BaseSQLiteDatabase<'sync' | 'async', unknown>;

/** One SQL statement and its parameters, as drizzle's `.toSQL()` gives them. */
export type Statement = Query;

/**
 * What a batch answers: for each statement, the rows it returned (a SELECT, or RETURNING) as
 * arrays of column values in the statement's order; [] for a statement that returns none.
 */
export type BatchRows = unknown[][][];

export { describeDatabase, type DatabaseTarget } from './target';

/** What each driver provides behind a Db. */
export interface Store {
  readonly db: Db;
  /** Runs fn in one BEGIN IMMEDIATE transaction on the write connection (no queue, no retry). */
  transaction<T>(fn: (tx: Db) => Promise<T> | T): Promise<T>;
  /**
   * Runs the statements in order in one BEGIN IMMEDIATE transaction (no queue, no retry): on
   * a libSQL server one request, on the embedded file one synchronous run.
   */
  batch(statements: Statement[]): Promise<BatchRows>;
  close(): Promise<void>;
  /** A `change_counters` value (0 when the row is missing), read with the least work. */
  changeCounter(name: string): Promise<number>;
  /** The embedded file's connection (for the online backup); null on a libSQL server. */
  readonly sqliteFile: import('better-sqlite3').Database | null;
}

const stores = new WeakMap<Db, Store & { queue: WriteQueue }>();

/** The store whose transaction the current async call chain runs in. */
const runningIn = new AsyncLocalStorage<Store>();
/**
 * On Node 20 an AsyncLocalStorage, once used, hooks every promise of the process; the bench
 * measured that on the hot read paths. The guard catches a programming error that every test
 * run exposes, so production goes without it.
 */
const NESTING_GUARD = process.env.NODE_ENV !== 'production';

/**
 * Opens the database named by the target, applies pending migrations (safe when several
 * instances start together; db/migration-state.ts keeps which) and answers its handle.
 */
export async function openDatabase(target: DatabaseTarget, opts?: MigrationOptions): Promise<Db> {
  // The libSQL client is loaded only for a libSQL target (about 0.1 s of a start otherwise).
  const store =
    'url' in target
      ? await (await import('./libsql')).openLibsql(target, opts)
      : await openEmbedded(target.file, opts);
  stores.set(store.db, { ...store, queue: createWriteQueue(store, WRITE_QUEUE_LIMIT) });
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
  const inTx = (tx: Db) => {
    handleOfTransaction.set(tx, db);
    return fn(tx);
  };
  return store.queue.run(() =>
    retriedWhileBusy(() =>
      NESTING_GUARD ? runningIn.run(store, () => store.transaction(inTx)) : store.transaction(inTx),
    ),
  );
}

/** Each transaction's `tx`, to the handle it was opened on (`databaseOf`). */
const handleOfTransaction = new WeakMap<Db, Db>();

/**
 * The handle openDatabase answered, given it or a `tx` of one of its write transactions: what
 * is kept per database (the outbox's seal key, mail/outbox/outbox-seal.ts) is found from
 * inside a transaction too.
 */
export function databaseOf(handle: Db): Db {
  return handleOfTransaction.get(handle) ?? handle;
}

/**
 * Runs the statements, in order, in one BEGIN IMMEDIATE transaction, and answers each one's
 * rows (see BatchRows). Build them with drizzle and `.toSQL()`; a condition that decides
 * whether to write belongs in the statements themselves (an `INSERT ... SELECT ... WHERE`),
 * since nothing runs between them. On a libSQL server the whole batch is one request, and
 * batches waiting together share one: this is the path for the hot public writes. Another
 * batch's statements may run just before the first of these, so `changes()` and
 * `last_insert_rowid()` mean something only after a statement of this batch.
 */
export function writeBatch(db: Db, statements: Statement[]): Promise<BatchRows> {
  const store = storeOf(db);
  if (NESTING_GUARD && runningIn.getStore() === store) {
    return Promise.reject(new Error('writeBatch inside writeTransaction: use its tx instead'));
  }
  return store.queue.batch(statements);
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
