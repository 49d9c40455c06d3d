import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction, type Db } from '#db';
import { openTestDatabase } from '#tests/support/database';
import { counterKeyedCache } from './counter-cache';

let db: Db;

beforeEach(async () => {
  ({ db } = await openTestDatabase());
});

/** The `ai_facts` counter as it is in the database now. */
async function counterNow(on: Db = db): Promise<number> {
  const row = await on.get<{ value: number }>(
    sql`SELECT value FROM change_counters WHERE name = 'ai_facts'`,
  );
  return row?.value ?? -1;
}

const bump = (on: Db = db) =>
  writeTransaction(on, (tx) =>
    tx.run(sql`UPDATE change_counters SET value = value + 1 WHERE name = 'ai_facts'`),
  );

/** A cache whose value says which read made it and what the counter was when it ran. */
function countingCache() {
  let reads = 0;
  const cache = counterKeyedCache('ai_facts', async (on) => ({
    read: ++reads,
    counter: await counterNow(on),
  }));
  return { cache, reads: () => reads };
}

describe('counterKeyedCache', () => {
  it('reads once for 20 callers at once, and not again while the counter stays', async () => {
    const { cache, reads } = countingCache();
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get(db)));
    expect(reads()).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(await cache.get(db)).toBe(values[0]);
    expect(await cache.last(db)).toBe(values[0]);
    expect(reads()).toBe(1);
  });

  it('reads again once the counter moved, whoever moved it', async () => {
    const { cache, reads } = countingCache();
    const first = await cache.get(db);
    await bump();
    const second = await cache.get(db);
    expect(second).not.toBe(first);
    expect(second.counter).toBe(first.counter + 1);
    expect(await cache.get(db)).toBe(second);
    expect(reads()).toBe(2);
  });

  it('gives 20 callers at once, while the counter moves among them, nothing older than the counter they found', async () => {
    const { cache } = countingCache();
    await cache.get(db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i % 4 === 0) await bump();
        const before = await counterNow();
        return { before, value: await cache.get(db) };
      }),
    );
    for (const { before, value } of answers) expect(value.counter).toBeGreaterThanOrEqual(before);
    const final = await counterNow();
    expect(final).toBeGreaterThanOrEqual(5);
    // Once the writes are over, everyone gets the value of the last count.
    const after = await Promise.all(Array.from({ length: 20 }, () => cache.get(db)));
    expect(new Set(after).size).toBe(1);
    expect(after[0]?.counter).toBe(final);
  });

  it('keeps no failed read: the next call reads again', async () => {
    let fail = true;
    const cache = counterKeyedCache('ai_facts', () =>
      fail ? Promise.reject(new Error('database away')) : Promise.resolve('read'),
    );
    await expect(cache.get(db)).rejects.toThrow('database away');
    expect(cache.last(db)).toBeNull();
    fail = false;
    expect(await cache.get(db)).toBe('read');
  });

  it('keeps a value per database', async () => {
    const { cache } = countingCache();
    const other = (await openTestDatabase()).db;
    await bump(other);
    const [here, there] = await Promise.all([cache.get(db), cache.get(other)]);
    expect(here).not.toBe(there);
    expect(there.counter).toBe(here.counter + 1);
    expect(cache.last(other)).not.toBe(cache.last(db));
  });
});
