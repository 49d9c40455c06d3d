/**
 * Backups hold no page the live database has freed (docs/operations.md, "Backups"): the copy
 * every backup starts from (db/backup.ts, for `backup <file>` and the verified backups alike)
 * is rebuilt, not copied page by page, so a removed row's bytes left in a free page of the live
 * file do not travel with it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase, sqliteFileOf } from '#db';
import { backupDatabase } from '#db/backup';
import { tempFolder } from '#tests/support/database';

it('copies no free page of the live file, and none of a removed row’s bytes', async () => {
  const folder = tempFolder('compact-copy-');
  const file = path.join(folder, 'app.db');
  const db = await openDatabase({ file });
  // Pages freed by a writer that left their bytes (a version before secure_delete, or another
  // tool): many rows of a marker, then removed.
  const other = new Database(file);
  other.pragma('secure_delete = OFF');
  const marker = `freed-row-${'m'.repeat(30)}`;
  other.exec('create table scratch (text text)');
  const insert = other.prepare('insert into scratch (text) values (?)');
  other.transaction(() => {
    for (let i = 0; i < 300; i++) insert.run(`${marker}-${i}-${'.'.repeat(500)}`);
  })();
  other.exec('delete from scratch');
  other.pragma('wal_checkpoint(TRUNCATE)');
  other.close();
  const live = sqliteFileOf(db);
  expect(live?.pragma('freelist_count', { simple: true })).toBeGreaterThan(30);
  expect(readFileSync(file).includes(marker)).toBe(true);

  const target = path.join(folder, 'copy.db');
  const { pages } = await backupDatabase(db, target);
  await closeDatabase(db);
  const copy = new Database(target, { readonly: true });
  try {
    expect(copy.pragma('freelist_count', { simple: true })).toBe(0);
    expect(copy.pragma('page_count', { simple: true })).toBe(pages);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    copy.close();
  }
  expect(readFileSync(target).includes(marker)).toBe(false);
});
