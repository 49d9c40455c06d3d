/**
 * The throttle's one way to count (platform/throttle.ts), on a bare database: a place taken
 * in the same write as the check, inside a transaction or in a statement batch, so no burst
 * gets more than the limit (docs/decisions/0004, 0025).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, writeTransaction, type Db } from '#db';
import { insertWhere } from '#db/insert-where';
import { throttleEvents } from '#db/schema';
import { openTestDatabase } from '#tests/support/database';
import { ThrottledError } from './errors';
import {
  assertRoom,
  batchStatements,
  clear,
  pruneEvents,
  release,
  take,
  takeInBatch,
  type ThrottleRule,
} from './throttle';

const RULE: ThrottleRule = { kind: 'test', limit: 5, windowMs: 10 * 60_000, message: 'Slow down.' };
const DAILY: ThrottleRule = {
  kind: 'test:daily',
  limit: 2,
  windowMs: 24 * 60 * 60_000,
  message: 'Enough for today.',
};
const NOW = new Date('2026-01-15T10:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

let db: Db;
beforeEach(async () => {
  db = (await openTestDatabase()).db;
});
afterEach(() => closeDatabase(db));

const buckets = async () =>
  (await db.select().from(throttleEvents).all()).map((event) => event.bucket).sort();

/** The answers of `calls`, fulfilled or the refusal's message and wait. */
async function settled(calls: Promise<unknown>[]) {
  const results = await Promise.allSettled(calls);
  return results.map((result) => {
    if (result.status === 'fulfilled') return 'taken';
    const error: unknown = result.reason;
    if (!(error instanceof ThrottledError)) throw error;
    return `${error.retryAfterSeconds}: ${error.message}`;
  });
}

describe('take, inside a write transaction', () => {
  it('lets 5 of 20 calls at once into one bucket, and refuses the rest with the wait', async () => {
    const answers = await settled(
      Array.from({ length: 20 }, () =>
        writeTransaction(db, (tx) => take(tx, { bucket: 'test:a', rule: RULE }, NOW)),
      ),
    );
    expect(answers.filter((a) => a === 'taken')).toHaveLength(5);
    expect(answers.filter((a) => a !== 'taken')).toEqual(
      Array(15).fill('600: Slow down. Try again in 10 minutes.'),
    );
    expect(await buckets()).toEqual(Array(5).fill('test:a'));
  });

  it('answers the room left, and the wait until the oldest place leaves the window', async () => {
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = later(i * 60_000);
      lefts.push(
        (await writeTransaction(db, (tx) => take(tx, { bucket: 'test:a', rule: RULE }, at))).left,
      );
    }
    expect(lefts).toEqual([4, 3, 2, 1, 0]);
    const refused = writeTransaction(db, (tx) =>
      take(tx, { bucket: 'test:a', rule: RULE }, later(9 * 60_000 + 30_000)),
    );
    await expect(refused).rejects.toMatchObject({
      retryAfterSeconds: 30,
      message: 'Slow down. Try again in 30 seconds.',
    });
    // The oldest leaves the window: one place again.
    const taken = await writeTransaction(db, (tx) =>
      take(tx, { bucket: 'test:a', rule: RULE }, later(10 * 60_000 + 1)),
    );
    expect(taken.left).toBe(0);
  });

  it('takes a place in every bucket or in none, and a refusal names the fullest', async () => {
    const both = [
      { bucket: 'test:a', rule: RULE },
      { bucket: 'test:daily:a', rule: DAILY },
    ];
    await writeTransaction(db, (tx) => take(tx, both, NOW));
    await writeTransaction(db, (tx) => take(tx, both, later(60_000)));
    await expect(
      writeTransaction(db, (tx) => take(tx, both, later(120_000))),
    ).rejects.toMatchObject({
      retryAfterSeconds: 24 * 60 * 60 - 120,
      message: 'Enough for today. Try again in 1438 minutes.',
    });
    expect(await buckets()).toEqual(['test:a', 'test:a', 'test:daily:a', 'test:daily:a']);
  });

  it('gives places back (release) and empties buckets (clear)', async () => {
    const place = { bucket: 'test:a', rule: RULE };
    const first = await writeTransaction(db, (tx) => take(tx, place, NOW));
    await writeTransaction(db, (tx) => take(tx, { bucket: 'test:b', rule: RULE }, NOW));
    await writeTransaction(db, (tx) => release(tx, first.ids));
    expect(await buckets()).toEqual(['test:b']);
    await writeTransaction(db, (tx) => clear(tx, ['test:b']));
    expect(await buckets()).toEqual([]);
  });

  it('refuses a bucket that is not of its rule kind', async () => {
    await expect(
      writeTransaction(db, (tx) => take(tx, { bucket: 'other:a', rule: RULE }, NOW)),
    ).rejects.toThrow('not of its rule\'s kind "test"');
    // "test-x" starts with "test" but is not of the kind: the colon belongs to it.
    await expect(assertRoom(db, { bucket: 'test-x:a', rule: RULE }, NOW)).rejects.toThrow();
  });
});

/** The caller's own statement: a row in another bucket, written only when a place was taken. */
const ownRow = batchStatements(['at'], (db, taken, values) => ({
  row: insertWhere(db, throttleEvents, { bucket: 'own:row', at: values.at }, taken)
    .returning({ id: throttleEvents.id })
    .toSQL(),
}));

describe('takeInBatch, one statement batch', () => {
  it("lets 5 of 20 calls at once into one bucket, and runs the caller's statement for those 5 only", async () => {
    const answers = await settled(
      Array.from({ length: 20 }, () =>
        takeInBatch(db, { bucket: 'test:a', rule: RULE }, NOW, {
          statements: ownRow,
          values: { at: NOW },
        }),
      ),
    );
    expect(answers.filter((a) => a === 'taken')).toHaveLength(5);
    expect(answers.filter((a) => a !== 'taken')).toEqual(
      Array(15).fill('600: Slow down. Try again in 10 minutes.'),
    );
    expect(await buckets()).toEqual([...Array(5).fill('own:row'), ...Array(5).fill('test:a')]);
  });

  it("answers the caller's rows, the places' ids and the room left", async () => {
    const taken = await takeInBatch(db, { bucket: 'test:a', rule: RULE }, NOW, {
      statements: ownRow,
      values: { at: NOW },
    });
    const own = await db
      .select()
      .from(throttleEvents)
      .where(eq(throttleEvents.bucket, 'own:row'))
      .get();
    expect(taken.rows).toEqual({ row: [[own?.id]] });
    expect(taken.left).toBe(4);
    const place = await db
      .select()
      .from(throttleEvents)
      .where(eq(throttleEvents.bucket, 'test:a'))
      .get();
    expect(taken.ids).toEqual([place?.id]);
  });

  it('takes a place in every bucket or in none, each by its own rule', async () => {
    const both = [
      { bucket: 'test:a', rule: RULE },
      { bucket: 'test:daily:a', rule: DAILY },
    ];
    await takeInBatch(db, both, NOW);
    await takeInBatch(db, both, NOW);
    await expect(takeInBatch(db, both, NOW)).rejects.toBeInstanceOf(ThrottledError);
    // The first bucket alone still has room.
    await takeInBatch(db, both[0]!, NOW);
    expect(await buckets()).toEqual([...Array(3).fill('test:a'), 'test:daily:a', 'test:daily:a']);
  });
});

describe('assertRoom', () => {
  it('refuses a full bucket with its wait, by a read that writes nothing', async () => {
    const place = { bucket: 'test:a', rule: RULE };
    for (let i = 0; i < 5; i++) await takeInBatch(db, place, NOW);
    await assertRoom(db, { bucket: 'test:b', rule: RULE }, NOW);
    await expect(assertRoom(db, place, later(60_000))).rejects.toMatchObject({
      retryAfterSeconds: 540,
      message: 'Slow down. Try again in 9 minutes.',
    });
    expect(await buckets()).toEqual(Array(5).fill('test:a'));
  });
});

describe('pruneEvents', () => {
  it("drops each kind's events past its window, a kind inside another by its own", async () => {
    await takeInBatch(db, { bucket: 'test:a', rule: RULE }, NOW);
    await takeInBatch(db, { bucket: 'test:daily:a', rule: DAILY }, NOW);
    await writeTransaction(db, (tx) => pruneEvents(tx, later(RULE.windowMs + 1), [RULE, DAILY]));
    expect(await buckets()).toEqual(['test:daily:a']);
    await writeTransaction(db, (tx) => pruneEvents(tx, later(DAILY.windowMs + 1), [RULE, DAILY]));
    expect(await buckets()).toEqual([]);
  });
});
