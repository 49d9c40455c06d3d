/** The embedded file's two connections, and the in-memory variant DATABASE_PATH=:memory: allows. */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readsAfterArrival } from './embedded';
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

it('keeps the database file and its -wal and -shm readable by their owner only (0600)', async () => {
  const file = path.join(tempFolder(), 'app.db');
  const mode = (name: string) => statSync(name).mode & 0o777;
  let db = await openDatabase({ file });
  await writeTransaction(db, (tx) => tx.insert(tags).values({ name: 'a', createdAt: new Date() }));
  expect([mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([0o600, 0o600, 0o600]);
  await closeDatabase(db);
  // A file made earlier with a wider mode is tightened at the next open.
  chmodSync(file, 0o644);
  writeFileSync(`${file}-wal`, '');
  chmodSync(`${file}-wal`, 0o644);
  db = await openDatabase({ file });
  expect([mode(file), mode(`${file}-wal`)]).toEqual([0o600, 0o600]);
  await closeDatabase(db);
});

it('opens :memory: on one connection, migrated and writable', async () => {
  const db = await openDatabase({ file: ':memory:' });
  await writeTransaction(db, (tx) => tx.insert(tags).values({ name: 'm', createdAt: new Date() }));
  expect((await db.select().from(tags).all()).map((t) => t.name)).toEqual(['m']);
  await closeDatabase(db);
});

it('shares one counter read among the calls of one event-loop turn, made after all of them', async () => {
  let value = 1;
  let reads = 0;
  const read = readsAfterArrival(() => {
    reads += 1;
    return value;
  });
  const first = Array.from({ length: 20 }, () => read('ai_facts'));
  // A write that commits after the calls but before the read: every caller sees it.
  value = 2;
  expect(await Promise.all(first)).toEqual(Array(20).fill(2));
  expect(reads).toBe(1);
  // A call after that read gets a read of its own.
  value = 3;
  expect(await read('ai_facts')).toBe(3);
  expect(reads).toBe(2);
});

it('fails every caller of a failed counter read, and reads again on the next call', async () => {
  let broken = true;
  const read = readsAfterArrival(() => {
    if (broken) throw new Error('database is locked');
    return 7;
  });
  const calls = [read('ai_facts'), read('ai_facts')];
  for (const call of calls) await expect(call).rejects.toThrow('database is locked');
  broken = false;
  expect(await read('ai_facts')).toBe(7);
});

it('overwrites what a write removes (secure_delete): a deleted text is not in the file', async () => {
  const file = path.join(tempFolder(), 'app.db');
  const db = await openDatabase({ file });
  const marker = `removed-text-${'x'.repeat(40)}`;
  await writeTransaction(db, (tx) =>
    tx.insert(tags).values({ name: marker, createdAt: new Date() }),
  );
  await writeTransaction(db, (tx) => tx.delete(tags).where(eq(tags.name, marker)));
  // Closing folds the -wal into the file and removes it: the file is all there is.
  await closeDatabase(db);
  expect(existsSync(`${file}-wal`)).toBe(false);
  expect(readFileSync(file).includes(marker)).toBe(false);
});
