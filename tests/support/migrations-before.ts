/**
 * The migrations folder as it was before migration `idx` (it and later ones left out), for a
 * test that writes rows the way an older version did and then migrates them (db/*-migration.test.ts).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '#db/migrations';
import { tempFolder } from './database';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationsBefore(idx: number): string {
  const folder = path.join(tempFolder('migrations-'), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
