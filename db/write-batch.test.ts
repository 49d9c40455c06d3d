/** writeBatch and insertWhere, on the run's database (the embedded file, or sqld). */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../tests/support/database';
import { writeBatch, writeTransaction, type Db } from './index';
import { insertWhere } from './insert-where';
import { contacts, tags } from './schema';

const at = new Date('2026-03-01T12:00:00.250Z');

const addTag = (db: Db, name: string) =>
  db.insert(tags).values({ name, createdAt: at }).returning({ id: tags.id }).toSQL();
/** Fails as it runs: the name column is NOT NULL. */
const faulty = () => ({ sql: 'insert into tags (name) values (null)', params: [] });
const tagNames = async (db: Db) => (await db.select().from(tags).all()).map((t) => t.name).sort();

it('runs the statements in order in one transaction and answers the rows of each', async () => {
  const { db } = await openTestDatabase();
  const rows = await writeBatch(db, [
    addTag(db, 'first'),
    addTag(db, 'second'),
    db
      .select({ n: sql<number>`count(*)` })
      .from(tags)
      .toSQL(),
    db.delete(tags).where(eq(tags.name, 'first')).toSQL(),
  ]);
  expect(rows).toEqual([[[1]], [[2]], [[2]], []]);
  expect(await tagNames(db)).toEqual(['second']);
});

it('rolls the whole batch back when one of its statements fails', async () => {
  const { db } = await openTestDatabase();
  await expect(writeBatch(db, [addTag(db, 'kept?'), faulty()])).rejects.toThrow(/NOT NULL/);
  expect(await tagNames(db)).toEqual([]);
});

it('runs the batches waiting together, each seeing the ones before it; a faulty one fails alone', async () => {
  const { db } = await openTestDatabase();
  // The write slot is held, so the three batches queue up behind it and run as one group.
  let release = () => {};
  let running = () => {};
  const started = new Promise<void>((resolve) => (running = resolve));
  const held = writeTransaction(
    db,
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        running();
      }),
  );
  await started;
  const first = writeBatch(db, [addTag(db, 'x')]);
  const broken = writeBatch(db, [addTag(db, 'lost'), faulty()]);
  const after = writeBatch(db, [
    insertWhere(
      db,
      tags,
      { name: 'y', createdAt: at },
      sql`exists (select 1 from ${tags} where ${tags.name} = 'x')`,
    )
      .returning({ id: tags.id })
      .toSQL(),
  ]);
  release();
  await held;
  expect((await first)[0]).toHaveLength(1);
  await expect(broken).rejects.toThrow(/NOT NULL/);
  expect((await after)[0]).toHaveLength(1);
  expect(await tagNames(db)).toEqual(['x', 'y']);
});

it('refuses a batch inside a write transaction instead of waiting for itself forever', async () => {
  const { db } = await openTestDatabase();
  await expect(writeTransaction(db, () => writeBatch(db, [addTag(db, 'inner')]))).rejects.toThrow(
    /inside writeTransaction/,
  );
  expect((await writeBatch(db, [addTag(db, 'later')]))[0]).toHaveLength(1);
});

it('insertWhere writes the row only while its condition holds, with the values encoded as .values() does', async () => {
  const { db } = await openTestDatabase();
  const row = {
    name: 'Ada',
    email: 'ada@example.com',
    company: null,
    subject: 'other' as const,
    message: 'A message of some length.',
    privacy: true,
    createdAt: at,
  };
  const guarded = (condition: boolean) =>
    insertWhere(db, contacts, row, condition ? sql`1` : sql`0`)
      .returning({ id: contacts.id })
      .toSQL();
  expect(await writeBatch(db, [guarded(false), guarded(true)])).toEqual([[], [[1]]]);
  expect(await db.select().from(contacts).all()).toEqual([
    { id: 1, ...row, readAt: null, leadId: null },
  ]);
  // A value left out takes the column's default, as with .values(): here SQL's clock.
  await writeBatch(db, [insertWhere(db, tags, { name: 'dated by SQL' }, sql`1`).toSQL()]);
  const [tag] = await db.select().from(tags).all();
  expect(Math.abs((tag?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
});
