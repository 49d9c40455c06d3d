import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction, type Db } from '#db';
import { suppressions } from '#db/schema';
import { openTestDatabase } from '#tests/support/database';
import { isSuppressed, suppressAddress, suppressedAmong } from './suppression';

let db: Db;
const now = new Date('2026-11-26T10:00:00Z');

beforeEach(async () => {
  ({ db } = await openTestDatabase());
});

describe('the suppression list', () => {
  it('keeps an address in lower case, with its first reason, and answers for any case', async () => {
    const first = { email: 'Helen@Example.com', reason: 'hard_bounce' as const, detail: '5.1.1' };
    expect(await writeTransaction(db, (tx) => suppressAddress(tx, first, now))).toBe(true);
    const again = { email: 'helen@example.com', reason: 'complaint' as const, detail: 'abuse' };
    expect(await writeTransaction(db, (tx) => suppressAddress(tx, again, now))).toBe(false);
    expect(await db.select().from(suppressions).all()).toEqual([
      { email: 'helen@example.com', reason: 'hard_bounce', detail: '5.1.1', at: now },
    ]);
    expect(await isSuppressed(db, 'HELEN@example.com')).toBe(true);
    expect(await isSuppressed(db, 'tom@example.com')).toBe(false);
    expect(await suppressedAmong(db, ['tom@example.com', 'helen@EXAMPLE.com'])).toEqual(
      new Set(['helen@example.com']),
    );
    expect(await suppressedAmong(db, [])).toEqual(new Set());
  });
});
