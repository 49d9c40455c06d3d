import { describe, expect, it } from 'vitest';
import { factCreateInput } from '../src/shared/facts';
import { openTestDatabase } from '../tests/support/database';
import { writeTransaction } from './index';
import { aiFacts } from './schema';
import { DEMO_FACTS, seedDemoFacts } from './seed';

const now = new Date('2026-01-01T00:00:00Z');

describe('seedDemoFacts', () => {
  it('fills an empty fact table once, active and in order, dated', async () => {
    const { db } = await openTestDatabase();
    expect(await seedDemoFacts(db, now)).toBe(DEMO_FACTS.length);
    expect(DEMO_FACTS.length).toBeGreaterThanOrEqual(6);
    const rows = await db.select().from(aiFacts).orderBy(aiFacts.order).all();
    expect(rows.map((r) => r.order)).toEqual(DEMO_FACTS.map((_, i) => i + 1));
    expect(rows.every((r) => r.active && r.createdAt.getTime() === now.getTime())).toBe(true);
    expect(rows.map((r) => r.factDate?.toISOString().slice(0, 10) ?? null)).toEqual(
      DEMO_FACTS.map((f) => f.factDate),
    );
    expect(await seedDemoFacts(db, now)).toBe(0);
    expect(await db.select().from(aiFacts).all()).toHaveLength(DEMO_FACTS.length);
  });

  it('leaves a table that already holds a fact alone', async () => {
    const { db } = await openTestDatabase();
    await writeTransaction(db, (tx) =>
      tx.insert(aiFacts).values({ factText: 'Our own fact', source: 'Us', createdAt: now }),
    );
    expect(await seedDemoFacts(db, now)).toBe(0);
    expect(await db.select().from(aiFacts).all()).toHaveLength(1);
  });

  it('holds facts the admin form itself would accept', () => {
    for (const fact of DEMO_FACTS) {
      const parsed = factCreateInput.parse({ ...fact });
      expect(parsed.factText).toBe(fact.factText);
      expect(parsed.source).toBe(fact.source);
      expect(parsed.factDate?.toISOString().slice(0, 10) ?? null).toBe(fact.factDate);
    }
  });

  it('dates a fact by its day only where the day is known, never a made-up first of a month', () => {
    expect(DEMO_FACTS.map((f) => f.factDate)).toEqual([
      null, // Turing, Mind, October 1950
      '1955-08-31', // the Dartmouth proposal's date
      null, // Rosenblatt, Psychological Review, November 1958
      null, // ELIZA, CACM, January 1966
      '1997-05-11', // Deep Blue's last game against Kasparov
      null, // AlexNet, ILSVRC 2012
      '2016-03-15', // AlphaGo's last game against Lee Sedol
      '2017-06-12', // "Attention Is All You Need" on arXiv
    ]);
  });
});
