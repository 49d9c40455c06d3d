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
    expect(rows.map((r) => r.factDate?.toISOString().slice(0, 10))).toEqual(
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

  it('holds facts the admin form itself would accept, with real dates, in time order', () => {
    for (const fact of DEMO_FACTS) {
      const parsed = factCreateInput.parse({ ...fact });
      expect(parsed.factText).toBe(fact.factText);
      expect(parsed.source).toBe(fact.source);
      expect(parsed.factDate?.toISOString().slice(0, 10)).toBe(fact.factDate);
    }
    const dates = DEMO_FACTS.map((f) => f.factDate);
    expect([...dates].sort()).toEqual(dates);
  });
});
