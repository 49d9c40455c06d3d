import {
  and,
  count,
  eq,
  fillPlaceholders,
  gt,
  inArray,
  lt,
  min,
  sql,
  type Placeholder,
  type Query,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { writeBatch, type BatchRows, type Db, type Statement } from '../../../db';
import { insertWhere } from '../../../db/insert-where';
import { throttleEvents } from '../../../db/schema';
import { ThrottledError } from '../platform/errors';

/**
 * The throttle mechanism: events counted per bucket in a sliding window, kept in the database
 * so that a restart does not hand out a fresh allowance and every instance counts the same
 * rows. The rules themselves (how many, how long, by what key) live with the feature they
 * guard; maintenance/prune.ts lists them all to know how long events must be kept.
 *
 * A throttled write is one batch (`writeBatch`): the check is a condition inside the statement
 * that writes, so nothing can slip in between them, and the whole write is one request to a
 * libSQL server (docs/decisions: one round trip per public write).
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

const windowStart = (rule: ThrottleRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/** Each bucket's events in the window: rows of [bucket, count, oldest time in ms]. */
function usageOf(db: Db, buckets: (string | Placeholder)[], since: Date | SQLWrapper) {
  return db
    .select({ bucket: throttleEvents.bucket, n: count(), oldest: min(throttleEvents.at) })
    .from(throttleEvents)
    .where(and(inArray(throttleEvents.bucket, buckets), gt(throttleEvents.at, since)))
    .groupBy(throttleEvents.bucket);
}

/**
 * Seconds until every bucket has room again (0: room now), from `usageOf`'s rows. The oldest
 * event in a full bucket's window decides when one slot frees up.
 */
function secondsToWait(usage: ArrayLike<unknown>[], rule: ThrottleRule, now: Date): number {
  let wait = 0;
  // By index: a libSQL row read through drizzle's `.values()` is array-like, not an array.
  for (const { 1: n, 2: oldest } of usage) {
    if (Number(n) < rule.limit || oldest === null || oldest === undefined) continue;
    const frees = Number(oldest) + rule.windowMs - now.getTime();
    wait = Math.max(wait, 1, Math.ceil(frees / 1000));
  }
  return wait;
}

/** A 429 that names its wait: `<message> Try again in 10 minutes.` */
export function throttledError(message: string, wait: number): ThrottledError {
  return new ThrottledError(`${message} Try again in ${formatWait(wait)}.`, wait);
}

/**
 * Throws a 429 naming the wait when any of the buckets is full: one read, whatever the number
 * of buckets. Outside a write it refuses without touching the write queue; inside a
 * transaction, pass its `tx`.
 */
export async function assertAllowed(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now: Date,
  message: string,
): Promise<void> {
  const usage = await usageOf(db, buckets, windowStart(rule, now)).values();
  const wait = secondsToWait(usage, rule, now);
  if (wait > 0) throw throttledError(message, wait);
}

/*
 * The batches below are built once per shape (drizzle's query building cost more than the
 * rest of a contact post together), with placeholders that each call fills in.
 */

/** The start of the window, filled in per call and encoded as the `at` column stores it. */
const SINCE = sql.param(sql.placeholder('throttle_since'), throttleEvents.at);
/** A bucket key filled in per call (text: nothing to encode). */
const bucketSlot = (i: number) => sql.placeholder(`throttle_bucket_${i}`);

/** Holds while each of `buckets` buckets has fewer than `rule.limit` events in the window. */
function roomIn(db: Db, buckets: number, rule: ThrottleRule): SQL {
  const checks = Array.from(
    { length: buckets },
    // drizzle puts the subquery in parentheses.
    (_, i) =>
      sql`${db
        .select({ n: count() })
        .from(throttleEvents)
        .where(
          and(eq(throttleEvents.bucket, bucketSlot(i)), gt(throttleEvents.at, SINCE)),
        )} < ${rule.limit}`,
  );
  return sql.join(checks, sql` and `);
}

/**
 * One event per bucket, each inserted only when `first` holds for the first bucket and, for
 * the next ones, when the one before was inserted: all or none. Each answers its id.
 */
function eventInserts(db: Db, buckets: number, first: SQL): Query[] {
  return Array.from({ length: buckets }, (_, i) =>
    insertWhere(
      db,
      throttleEvents,
      { bucket: bucketSlot(i), at: sql.placeholder('throttle_now') },
      // changes(): the rows the statement just before wrote.
      i === 0 ? first : sql`changes() > 0`,
    )
      .returning({ id: throttleEvents.id })
      .toSQL(),
  );
}

const usageRead = (db: Db, buckets: number) =>
  usageOf(
    db,
    Array.from({ length: buckets }, (_, i) => bucketSlot(i)),
    SINCE,
  ).toSQL();

/** A batch built once per number of buckets, then filled in per call. */
function batchTemplate(build: (db: Db, buckets: number) => Query[]) {
  const built = new Map<number, Query[]>();
  return (db: Db, buckets: string[], rule: ThrottleRule, now: Date, values = {}): Statement[] => {
    let template = built.get(buckets.length);
    if (!template) {
      template = build(db, buckets.length);
      built.set(buckets.length, template);
    }
    const filled: Record<string, unknown> = {
      ...values,
      throttle_now: now,
      throttle_since: windowStart(rule, now),
    };
    buckets.forEach((bucket, i) => (filled[`throttle_bucket_${i}`] = bucket));
    return template.map(({ sql: text, params }) => ({
      sql: text,
      params: fillPlaceholders(params, filled),
    }));
  };
}

/**
 * A submission that counts against a throttle, stored in one batch: the insert (`build`
 * makes it with `insertWhere` on the condition and the placeholders it is given) writes
 * only while every bucket has room; when it wrote a row, one event is counted in each
 * bucket; then the buckets are read, so that a refusal can name its wait without another
 * request. Requests arriving together each see the ones before them, so no burst stores
 * more than the limit.
 *
 * The function made answers the insert's RETURNING rows, throws a 429 when a bucket was
 * full, and answers [] when there was room but the insert wrote nothing (`ON CONFLICT DO
 * NOTHING`): nothing counted then.
 */
export function throttledInsert<K extends string>(
  rule: ThrottleRule,
  message: string,
  keys: readonly K[],
  build: (db: Db, room: SQL, values: Record<K, Placeholder>) => { toSQL(): Query },
) {
  const template = batchTemplate((db, buckets) => {
    const values = {} as Record<K, Placeholder>;
    for (const key of keys) values[key] = sql.placeholder(key);
    return [
      build(db, roomIn(db, buckets, rule), values).toSQL(),
      ...eventInserts(db, buckets, sql`changes() > 0`),
      usageRead(db, buckets),
    ];
  });
  return async (
    db: Db,
    buckets: string[],
    now: Date,
    values: Record<K, unknown>,
  ): Promise<unknown[][]> => {
    const rows = await writeBatch(db, template(db, buckets, rule, now, values));
    const inserted = rows[0] ?? [];
    if (inserted.length > 0) return inserted;
    const wait = secondsToWait(rows.at(-1) ?? [], rule, now);
    if (wait > 0) throw throttledError(message, wait);
    return [];
  };
}

/**
 * A request that counts against a throttle whether or not it changes anything, stored in
 * one batch: one event per bucket is inserted while every bucket has room, then the
 * feature's statements run (`build` gets the condition `counted`, which holds just after
 * the events only when they were inserted: put it in the first statement's WHERE, and chain
 * the next ones on `changes() > 0`), then the buckets are read. Requests arriving together
 * each see the ones before them, so no burst gets more than the limit.
 *
 * The function made answers the rows of `build`'s statements, or throws a 429 naming the
 * wait when a bucket was full.
 */
export function countedBatch<K extends string>(
  rule: ThrottleRule,
  message: string,
  keys: readonly K[],
  build: (db: Db, counted: SQL, values: Record<K, Placeholder>) => Query[],
) {
  let statements = 0;
  const template = batchTemplate((db, buckets) => {
    const values = {} as Record<K, Placeholder>;
    for (const key of keys) values[key] = sql.placeholder(key);
    const own = build(db, sql`changes() > 0`, values);
    statements = own.length;
    return [
      ...eventInserts(db, buckets, roomIn(db, buckets, rule)),
      ...own,
      usageRead(db, buckets),
    ];
  });
  return async (
    db: Db,
    buckets: string[],
    now: Date,
    values: Record<K, unknown>,
  ): Promise<BatchRows> => {
    const rows = await writeBatch(db, template(db, buckets, rule, now, values));
    const counted = rows.slice(0, buckets.length).every((returned) => returned.length > 0);
    if (!counted) {
      throw throttledError(message, Math.max(1, secondsToWait(rows.at(-1) ?? [], rule, now)));
    }
    return rows.slice(buckets.length, buckets.length + statements);
  };
}

/** A bucket to count an attempt in, with the rule that bucket keeps. */
export interface CountedBucket {
  bucket: string;
  rule: ThrottleRule;
}

const sinceSlot = (i: number) =>
  sql.param(sql.placeholder(`throttle_since_${i}`), throttleEvents.at);

/**
 * The reservation's batch for one list of rules: an event per bucket, each inserted only
 * while its bucket (by its own rule) has room and the one before was inserted; then each
 * bucket's usage in its own window.
 */
function reservationBatch(db: Db, rules: ThrottleRule[]): Query[] {
  const rooms = rules.map(
    (rule, i) =>
      // drizzle puts the subquery in parentheses.
      sql`${db
        .select({ n: count() })
        .from(throttleEvents)
        .where(
          and(eq(throttleEvents.bucket, bucketSlot(i)), gt(throttleEvents.at, sinceSlot(i))),
        )} < ${rule.limit}`,
  );
  const inserts = rules.map((_, i) =>
    insertWhere(
      db,
      throttleEvents,
      { bucket: bucketSlot(i), at: sql.placeholder('throttle_now') },
      // Every bucket's room is checked by the first insert; changes(): the rows the
      // statement just before wrote, so the next ones follow it (all or none).
      i === 0 ? sql.join(rooms, sql` and `) : sql`changes() > 0`,
    )
      .returning({ id: throttleEvents.id })
      .toSQL(),
  );
  const reads = rules.map((_, i) => usageOf(db, [bucketSlot(i)], sinceSlot(i)).toSQL());
  return [...inserts, ...reads];
}

const reservationBatches = new Map<string, Query[]>();

/**
 * Takes a place in each bucket before any slow work starts, in one batch: the events are
 * inserted only while every bucket has room under its own rule (chained, so all or none),
 * so requests arriving together (or batched) can never get more than a limit between them.
 * Answers the events' ids; throws a 429 naming the longest wait when a bucket was full.
 */
export async function reserveEvent(
  db: Db,
  counted: CountedBucket[],
  now: Date,
  message: string,
): Promise<number[]> {
  const rules = counted.map((c) => c.rule);
  const key = rules.map((rule) => `${rule.limit}/${rule.windowMs}`).join(',');
  let template = reservationBatches.get(key);
  if (!template) {
    template = reservationBatch(db, rules);
    reservationBatches.set(key, template);
  }
  const filled: Record<string, unknown> = { throttle_now: now };
  counted.forEach(({ bucket, rule }, i) => {
    filled[`throttle_bucket_${i}`] = bucket;
    filled[`throttle_since_${i}`] = windowStart(rule, now);
  });
  const rows: BatchRows = await writeBatch(
    db,
    template.map(({ sql: text, params }) => ({
      sql: text,
      params: fillPlaceholders(params, filled),
    })),
  );
  const ids = rows
    .slice(0, counted.length)
    .flatMap((returned) => returned.map(([id]) => Number(id)));
  if (ids.length > 0) return ids;
  // No room: the reads after the inserts, in the same transaction, name the wait.
  let wait = 1;
  counted.forEach(({ rule }, i) => {
    wait = Math.max(wait, secondsToWait(rows[counted.length + i] ?? [], rule, now));
  });
  throw throttledError(message, wait);
}

/**
 * Gives back counted events: await it inside a write transaction, or pass its `.toSQL()` to
 * `writeBatch`.
 */
export function releaseEvents(db: Db, ids: number[]) {
  return db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

/** Empties a bucket: await it inside a write transaction, or pass its `.toSQL()` to `writeBatch`. */
export function clearBucket(db: Db, bucket: string) {
  return db.delete(throttleEvents).where(eq(throttleEvents.bucket, bucket));
}

/** A kind of throttle row: the start its buckets share, and the rule that counts them. */
export interface ThrottleKind {
  prefix: string;
  rule: ThrottleRule;
}

/**
 * Drops each kind's events once its own window has passed: no rule needs them any more, and
 * a row that names a client (by a keyed hash, but still one per visitor) is kept no longer
 * than its rule needs it. Events of a bucket no kind names are dropped after the longest
 * window of all, so a kind left out of the list is still kept no longer than any rule needs.
 */
export async function pruneEvents(tx: Db, now: Date, kinds: ThrottleKind[]): Promise<void> {
  const before = (rule: ThrottleRule) => new Date(now.getTime() - rule.windowMs);
  for (const { prefix, rule } of kinds) {
    await tx
      .delete(throttleEvents)
      .where(
        and(
          sql`substr(${throttleEvents.bucket}, 1, ${prefix.length}) = ${prefix}`,
          lt(throttleEvents.at, before(rule)),
        ),
      );
  }
  const longest = Math.max(...kinds.map(({ rule }) => rule.windowMs));
  await tx.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - longest)));
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
