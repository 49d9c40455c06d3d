import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { throttleEvents } from '../../../db/schema';
import { ThrottledError } from '../trpc';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export const LOGIN_FAILURES: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const CODES_SENT: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const CONTACT_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };
export const SUBSCRIBE_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };

/**
 * Seconds until the bucket has room again, or 0 when it has room now. Counters live in
 * SQLite so a restart does not hand out a fresh allowance.
 */
export function secondsUntilAllowed(db: Db, bucket: string, rule: ThrottleRule, now: Date): number {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = db
    .select({ n: count(), oldest: min(throttleEvents.at) })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.bucket, bucket), gt(throttleEvents.at, since)))
    .all();
  if (!row || row.n < rule.limit || !row.oldest) return 0;
  // The oldest event in the window decides when one slot frees up.
  return Math.max(1, Math.ceil((row.oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
}

/** Throws a 429 naming the wait when any of the buckets is full. */
export function assertAllowed(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now: Date,
  message: string,
): void {
  const wait = Math.max(0, ...buckets.map((b) => secondsUntilAllowed(db, b, rule, now)));
  if (wait > 0) throw new ThrottledError(`${message} Try again in ${formatWait(wait)}.`, wait);
}

export function recordEvent(db: Db, buckets: string[], now: Date): void {
  for (const bucket of buckets) db.insert(throttleEvents).values({ bucket, at: now }).run();
}

/**
 * Checks the buckets and, when they have room, counts one event in each, in one write
 * transaction: requests arriving together (or batched) each take a place before any slow
 * work starts, so they can never get more than the limit between them. Answers the rows
 * counted, which `releaseEvents` gives back if the attempt turns out not to count.
 */
export function reserveEvent(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now: Date,
  message: string,
): number[] {
  return writeTransaction(db, () => {
    assertAllowed(db, buckets, rule, now, message);
    return buckets.map(
      (bucket) =>
        db
          .insert(throttleEvents)
          .values({ bucket, at: now })
          .returning({ id: throttleEvents.id })
          .get().id,
    );
  });
}

export function releaseEvents(db: Db, ids: number[]): void {
  if (ids.length > 0) db.delete(throttleEvents).where(inArray(throttleEvents.id, ids)).run();
}

export function clearBucket(db: Db, bucket: string): void {
  db.delete(throttleEvents).where(eq(throttleEvents.bucket, bucket)).run();
}

/** Drops events older than the longest window; called now and then so the table stays small. */
export function pruneEvents(db: Db, now: Date): void {
  const longest = Math.max(
    LOGIN_FAILURES.windowMs,
    CODES_SENT.windowMs,
    CONTACT_SUBMISSIONS.windowMs,
    SUBSCRIBE_SUBMISSIONS.windowMs,
  );
  db.delete(throttleEvents)
    .where(lt(throttleEvents.at, new Date(now.getTime() - longest)))
    .run();
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
