/** The embedded file's two connections, and the in-memory variant DESIGN.md section 2 allows. */
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempFolder } from '../tests/support/database';
import { closeDatabase, openDatabase, writeTransaction } from './index';
import { tags } from './schema';

it('refuses a write that bypasses writeTransaction, and takes it inside one', async () => {
  const db = await openDatabase({ file: path.join(tempFolder(), 'app.db') });
  const tag = { name: 'outside', createdAt: new Date() };
  await expect(Promise.resolve().then(() => db.insert(tags).values(tag).run())).rejects.toThrow(
    /readonly/,
  );
  await writeTransaction(db, (tx) => tx.insert(tags).values(tag));
  expect((await db.select().from(tags).all()).map((t) => t.name)).toEqual(['outside']);
  await closeDatabase(db);
});

it('refuses a transaction inside another instead of waiting for itself forever', async () => {
  const db = await openDatabase({ file: path.join(tempFolder(), 'app.db') });
  await expect(
    writeTransaction(db, () => writeTransaction(db, (tx) => tx.select().from(tags).all())),
  ).rejects.toThrow(/inside another/);
  // The queue is free again afterwards.
  expect(await writeTransaction(db, (tx) => tx.select().from(tags).all())).toEqual([]);
  await closeDatabase(db);
});

it('opens :memory: on one connection, migrated and writable', async () => {
  const db = await openDatabase({ file: ':memory:' });
  await writeTransaction(db, (tx) => tx.insert(tags).values({ name: 'm', createdAt: new Date() }));
  expect((await db.select().from(tags).all()).map((t) => t.name)).toEqual(['m']);
  await closeDatabase(db);
});
