/**
 * Before pending migrations the start copies the embedded file (docs/operations.md,
 * "Migrations"), and a migration that fails half way leaves nothing behind: drizzle's
 * better-sqlite3 migrator runs every pending migration in one transaction.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { tempFolder } from '../tests/support/database';
import { migrationsWith } from '../tests/support/migrations-before';
import { openEmbedded } from './embedded';
import { MigrationFailedError } from './migration-snapshot';

function read(file: string, sql: string): unknown[] {
  const connection = new Database(file, { readonly: true });
  try {
    return connection.prepare(sql).pluck().all();
  } finally {
    connection.close();
  }
}

const tables = (file: string) =>
  read(file, "select name from sqlite_master where type = 'table' order by name");

async function withTag(folder: string): Promise<string> {
  const file = path.join(folder, 'app.db');
  const store = await openEmbedded(file);
  await store.transaction((tx) => tx.run("insert into tags (name, created_at) values ('kept', 1)"));
  await store.close();
  return file;
}

it('copies the file before a pending migration, keeping the newest three copies', async () => {
  const folder = tempFolder('snapshot-');
  const file = await withTag(folder);
  // A brand-new file is not copied: there was nothing to lose.
  expect(readdirSync(folder).filter((n) => n.startsWith('pre-migrate-'))).toEqual([]);
  const planted: [string, string[]][] = [];
  for (let i = 1; i <= 4; i++) {
    planted.push([
      `99${String(i).padStart(2, '0')}_planted`,
      [`CREATE TABLE planted_${i} (x integer);`],
    ]);
    const store = await openEmbedded(file, { migrationsFolder: migrationsWith(planted) });
    await store.close();
  }
  const copies = readdirSync(folder)
    .filter((n) => n.startsWith('pre-migrate-'))
    .sort();
  expect(copies.map((n) => n.replace(/-\d{4}-.*$/, ''))).toEqual([
    'pre-migrate-9902_planted',
    'pre-migrate-9903_planted',
    'pre-migrate-9904_planted',
  ]);
  // The copy before 9904 holds the data and the schema as they were then.
  const before9904 = path.join(folder, copies[2] ?? '');
  expect(read(before9904, 'select name from tags')).toEqual(['kept']);
  expect(tables(before9904)).toContain('planted_3');
  expect(tables(before9904)).not.toContain('planted_4');
  expect(tables(file)).toContain('planted_4');
});

it('leaves the database as it was when a migration fails half way, naming it and the copy', async () => {
  const folder = tempFolder('failed-migration-');
  const file = await withTag(folder);
  const tablesBefore = tables(file);
  const appliedBefore = read(file, 'select count(*) from __drizzle_migrations');
  const migrations = migrationsWith([
    [
      '9901_good',
      [
        'CREATE TABLE good_one (x integer);',
        "INSERT INTO tags (name, created_at) VALUES ('from-migration', 2);",
      ],
    ],
    ['9902_bad', ['CREATE TABLE half_way (x integer);', 'INSERT INTO no_such_table VALUES (1);']],
  ]);
  const error = await openEmbedded(file, { migrationsFolder: migrations }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MigrationFailedError);
  const message = (error as Error).message;
  expect(message).toMatch(
    /^migration 9902_bad failed \(no such table: no_such_table\); nothing of it was applied, and a copy from before is at ".*pre-migrate-9901_good-[0-9T-]+Z\.db"$/,
  );
  expect(message).not.toContain('\n');
  // Nothing of either pending migration remains: not the good one before it, not half of it.
  expect(tables(file)).toEqual(tablesBefore);
  expect(read(file, 'select name from tags')).toEqual(['kept']);
  expect(read(file, 'select count(*) from __drizzle_migrations')).toEqual(appliedBefore);
  expect(read(file, 'pragma integrity_check')).toEqual(['ok']);
  const copy = /"(.*)"$/.exec(message)?.[1] ?? '';
  expect(existsSync(copy)).toBe(true);
  expect(read(copy, 'select name from tags')).toEqual(['kept']);
  // The same file opens again with the migrations it knows.
  const store = await openEmbedded(file);
  await store.close();
});
