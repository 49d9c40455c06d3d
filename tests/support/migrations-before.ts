/**
 * Migrations folders of a test's own, copied from the project's: as it was before migration
 * `idx` (for a test that writes rows the way an older version did and then migrates them,
 * db/*-migration.test.ts), or with more migrations after the last (a failing one, one an
 * upgrade brings: db/migration-snapshot.test.ts, db/migration-state.test.ts).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { MIGRATIONS_FOLDER } from '#db/migrations';
import { tempFolder } from './database';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const journalOf = (folder: string) => path.join(folder, 'meta', '_journal.json');
const readJournalFile = (folder: string) =>
  JSON.parse(readFileSync(journalOf(folder), 'utf8')) as Journal;

export function migrationsBefore(idx: number): string {
  const folder = path.join(tempFolder('migrations-'), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = readJournalFile(folder);
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalOf(folder), JSON.stringify(journal));
  return folder;
}

/**
 * A database file of a test's own, migrated to just before migration `idx`, open for the test
 * to write rows the way that version did; close it, then open the file with openDatabase to
 * apply the rest.
 */
export function fileMigratedBefore(idx: number): { file: string; sqlite: Database.Database } {
  const file = path.join(tempFolder('migration-'), 'app.db');
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(idx) });
  return { file, sqlite };
}

/**
 * Adds migrations after the folder's last, each [tag, SQL statements], as drizzle-kit writes
 * them (the file, and its journal entry one millisecond after the one before).
 */
export function addMigrations(folder: string, planted: [string, string[]][]): string {
  const journal = readJournalFile(folder);
  let when = journal.entries.at(-1)?.when ?? 0;
  for (const [tag, statements] of planted) {
    journal.entries.push({
      idx: journal.entries.length,
      version: '6',
      when: ++when,
      tag,
      breakpoints: true,
    });
    writeFileSync(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  }
  writeFileSync(journalOf(folder), JSON.stringify(journal));
  return folder;
}

/** A copy of the project's migrations with more planted after the last. */
export function migrationsWith(planted: [string, string[]][]): string {
  const folder = path.join(tempFolder('migrations-'), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  return addMigrations(folder, planted);
}
