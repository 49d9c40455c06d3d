/**
 * What a start knew of the migrations (db/migration-state.ts): the ones opening the database
 * applied, by name, for the start's log; and readiness judged against the migrations known
 * when it opened, not against files an upgrade puts on disk while this code runs
 * (docs/operations.md, "Upgrading").
 */
import { expect, it } from 'vitest';
import { freshDatabaseTarget } from '#tests/support/database';
import { addMigrations, migrationsBefore, migrationsWith } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { appliedAtOpen, migrationsApplied } from './migration-state';
import { MIGRATIONS_FOLDER, readJournal } from './migrations';

const TAGS = readJournal(MIGRATIONS_FOLDER).map((migration) => migration.tag);

it('names each migration that opening the database applied, oldest first; none when none was pending', async () => {
  const target = await freshDatabaseTarget();
  const first = await openDatabase(target, { migrationsFolder: migrationsBefore(TAGS.length - 2) });
  expect(appliedAtOpen(first)).toEqual(TAGS.slice(0, -2));
  await closeDatabase(first);

  // The next start brings the two newer ones.
  const second = await openDatabase(target);
  expect(appliedAtOpen(second)).toEqual(TAGS.slice(-2));
  await closeDatabase(second);

  const third = await openDatabase(target);
  expect(appliedAtOpen(third)).toEqual([]);
  await closeDatabase(third);
});

it('counts the migrations known at open as applied, whatever reaches the folder since', async () => {
  const target = await freshDatabaseTarget();
  const folder = migrationsWith([]);
  const db = await openDatabase(target, { migrationsFolder: folder });
  // An upgrade's files, before its restart: this code does not know the new migration.
  addMigrations(folder, [['9901_pulled', ['CREATE TABLE pulled (x integer);']]]);
  expect(await migrationsApplied(db)).toBe(true);
  await closeDatabase(db);

  // The next start knows it, applies it and names it.
  const next = await openDatabase(target, { migrationsFolder: folder });
  expect(appliedAtOpen(next)).toEqual(['9901_pulled']);
  expect(await migrationsApplied(next)).toBe(true);
  await closeDatabase(next);
});
