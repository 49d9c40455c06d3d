/**
 * How the throttle counts (platform/throttle.ts): its rules and buckets, the statements that
 * take a place only while every bucket has room, and the 429 of the fullest bucket.
 */
import { and, count, eq, gt, min, or, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#db';
import { insertWhere } from '#db/insert-where';
import { throttleEvents } from '#db/schema';
import { ThrottledError } from './errors';

export interface ThrottleRule {
  /**
   * The start of every bucket the rule counts in: a bucket is `<kind>:…`. Its events are
   * pruned once `windowMs` has passed (a longer kind, `a:b` beside `a`, is its own kind).
   */
  kind: string;
  limit: number;
  windowMs: number;
  /** The 429's message, the wait added: `<message> Try again in 10 minutes.` */
  message: string;
}

/** A bucket, and the rule it is counted by. */
export interface ThrottleBucket {
  bucket: string;
  rule: ThrottleRule;
}

/** Places taken: the events' ids (for `release`), and the room the fullest bucket has left. */
export interface Taken {
  ids: number[];
  left: number;
}

export const windowStart = (rule: ThrottleRule, now: Date) =>
  new Date(now.getTime() - rule.windowMs);

/** A bucket outside its rule's kind would be pruned by another rule's window, or never. */
export function checkedBuckets(given: ThrottleBucket | ThrottleBucket[]): ThrottleBucket[] {
  const buckets = Array.isArray(given) ? given : [given];
  for (const { bucket, rule } of buckets) {
    if (!bucket.startsWith(`${rule.kind}:`)) {
      throw new Error(`throttle bucket "${bucket}" is not of its rule's kind "${rule.kind}"`);
    }
  }
  return buckets;
}

/** Where the statements' per-call values come from: placeholders (a batch) or the values. */
interface Slots {
  bucket(i: number): Placeholder | string;
  since(i: number): SQLWrapper | Date;
  now: Placeholder | Date;
}

export const rulesOf = (buckets: ThrottleBucket[]) => buckets.map(({ rule }) => rule);

/** The slots filled with one call's values (a query built for this call alone). */
export const valueSlots = (buckets: ThrottleBucket[], now: Date): Slots => ({
  bucket: (i) => buckets[i]!.bucket,
  since: (i) => windowStart(buckets[i]!.rule, now),
  now,
});

/**
 * The statements of a take: one event per bucket, the first inserted only while every
 * bucket has room under its own rule, each next one only when the one before was (all or
 * none); then one read of each bucket's use of its window, [bucket, count, oldest in ms],
 * which names the wait of a refusal without another request.
 */
export function takeQueries(db: Db, rules: ThrottleRule[], slot: Slots) {
  const room = sql.join(
    rules.map(
      (rule, i) =>
        // drizzle puts the subquery in parentheses.
        sql`${db
          .select({ n: count() })
          .from(throttleEvents)
          .where(
            and(eq(throttleEvents.bucket, slot.bucket(i)), gt(throttleEvents.at, slot.since(i))),
          )} < ${rule.limit}`,
    ),
    sql` and `,
  );
  const inserts = rules.map((_, i) =>
    insertWhere(
      db,
      throttleEvents,
      { bucket: slot.bucket(i), at: slot.now },
      // changes(): the rows the statement just before wrote.
      i === 0 ? room : sql`changes() > 0`,
    ).returning({ id: throttleEvents.id }),
  );
  const usage = db
    .select({ bucket: throttleEvents.bucket, n: count(), oldest: min(throttleEvents.at) })
    .from(throttleEvents)
    .where(
      or(
        ...rules.map((_, i) =>
          and(eq(throttleEvents.bucket, slot.bucket(i)), gt(throttleEvents.at, slot.since(i))),
        ),
      ),
    )
    .groupBy(throttleEvents.bucket);
  return { inserts, usage };
}

/**
 * The 429 of the fullest of `buckets`, from a usage read ([bucket, count, oldest in ms]:
 * read by index, as a libSQL row read through drizzle's `.values()` is array-like): the
 * oldest event in a full bucket's window decides when a place frees up. The longest wait
 * and its rule's message; null when every bucket has room.
 */
export function refusal(
  buckets: ThrottleBucket[],
  usage: ArrayLike<unknown>[],
  now: Date,
): ThrottledError | null {
  let refused: { wait: number; message: string } | null = null;
  for (const { bucket, rule } of buckets) {
    const row = usage.find((used) => used[0] === bucket);
    if (!row || Number(row[1]) < rule.limit || row[2] === null || row[2] === undefined) continue;
    const wait = Math.max(1, Math.ceil((Number(row[2]) + rule.windowMs - now.getTime()) / 1000));
    if (!refused || wait > refused.wait) refused = { wait, message: rule.message };
  }
  return refused && throttledError(refused.message, refused.wait);
}

/** What a take's statements answered: the places taken, or the refusal thrown. */
export function outcome(
  buckets: ThrottleBucket[],
  ids: number[],
  usage: ArrayLike<unknown>[],
  now: Date,
): Taken {
  if (ids.length < buckets.length) {
    // No place taken: the buckets were full (the read names the wait); 1 s when they had
    // freed up by the time of the read.
    throw refusal(buckets, usage, now) ?? throttledError(buckets[0]!.rule.message, 1);
  }
  const used = (bucket: string) => Number(usage.find((row) => row[0] === bucket)?.[1] ?? 0);
  return { ids, left: Math.min(...buckets.map(({ bucket, rule }) => rule.limit - used(bucket))) };
}

/** A 429 that names its wait: `<message> Try again in 10 minutes.` */
export function throttledError(message: string, wait: number): ThrottledError {
  return new ThrottledError(`${message} Try again in ${formatWait(wait)}.`, wait);
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
