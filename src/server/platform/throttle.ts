import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { throttleEvents } from '../../../db/schema';
import { ThrottledError } from '../platform/errors';

/**
 * The throttle mechanism: events counted per bucket in a sliding window, kept in the database
 * so that a restart does not hand out a fresh allowance and every instance counts the same
 * rows. The rules themselves (how many, how long, by what key) live with the feature they
 * guard; maintenance/prune.ts lists them all to know how long events must be kept.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/**
 * Seconds until the bucket has room again, or 0 when it has room now. Counters live in
 * SQLite so a restart does not hand out a fresh allowance.
 */
export async function secondsUntilAllowed(
  db: Db,
  bucket: string,
  rule: ThrottleRule,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(throttleEvents.at) })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.bucket, bucket), gt(throttleEvents.at, since)))
    .all();
  if (!row || row.n < rule.limit || !row.oldest) return 0;
  // The oldest event in the window decides when one slot frees up.
  return Math.max(1, Math.ceil((row.oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
}

/** Throws a 429 naming the wait when any of the buckets is full. */
export async function assertAllowed(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now: Date,
  message: string,
): Promise<void> {
  let wait = 0;
  for (const bucket of buckets)
    wait = Math.max(wait, await secondsUntilAllowed(db, bucket, rule, now));
  if (wait > 0) throw new ThrottledError(`${message} Try again in ${formatWait(wait)}.`, wait);
}

export async function recordEvent(tx: Db, buckets: string[], now: Date): Promise<void> {
  for (const bucket of buckets) await tx.insert(throttleEvents).values({ bucket, at: now });
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
): Promise<number[]> {
  return writeTransaction(db, async (tx) => {
    await assertAllowed(tx, buckets, rule, now, message);
    const ids: number[] = [];
    for (const bucket of buckets) {
      const row = await tx
        .insert(throttleEvents)
        .values({ bucket, at: now })
        .returning({ id: throttleEvents.id })
        .get();
      ids.push(row.id);
    }
    return ids;
  });
}

/** Gives back counted events (inside a write transaction). */
export async function releaseEvents(tx: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

export async function clearBucket(tx: Db, bucket: string): Promise<void> {
  await tx.delete(throttleEvents).where(eq(throttleEvents.bucket, bucket));
}

/** Drops events older than the longest window of `rules`, so the table stays small. */
export async function pruneEvents(tx: Db, now: Date, rules: ThrottleRule[]): Promise<void> {
  const longest = Math.max(...rules.map((rule) => rule.windowMs));
  await tx.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - longest)));
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
