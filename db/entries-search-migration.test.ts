/**
 * Migration 0026 (docs/content.md, "Search"): entries published before it are found at once
 * (the index is rebuilt from the view of the published entries), drafts are not.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { expect, it } from 'vitest';
import { searchEntries } from '#server/search/search-query';
import { tempFolder } from '#tests/support/database';
import { closeDatabase, openDatabase } from './index';
import { MIGRATIONS_FOLDER } from './migrations';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations before the search's, found by its name (its number may change). */
function migrationsBeforeSearch(): string {
  const folder = path.join(tempFolder('migrations-'), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const search = journal.entries.find((entry) => entry.tag.endsWith('_entries_search'));
  if (!search) throw new Error('no entries_search migration');
  journal.entries = journal.entries.filter((entry) => entry.idx < search.idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('indexes the entries published before it, and no draft', async () => {
  const file = path.join(tempFolder('entries-search-migration-'), 'app.db');
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBeforeSearch() });
  const insert = sqlite.prepare(
    `insert into entries (kind, slug, title, summary, body, status, published_at, updated_at)
     values (?, ?, ?, 'Proof.', ?, ?, ?, ?)`,
  );
  const at = Date.UTC(2026, 0, 10);
  insert.run(
    'case_study',
    'support-desk',
    'Support desk',
    'Agents answer tickets.',
    'published',
    at,
    at,
  );
  insert.run('insight', 'draft-notes', 'Draft notes', 'Agents in a draft.', 'draft', null, at);
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    expect(await searchEntries(db, 'agents')).toEqual([
      {
        kind: 'case_study',
        title: 'Support desk',
        url: '/case-studies/support-desk',
        snippet: '<mark>Agents</mark> answer tickets.',
      },
    ]);
  } finally {
    await closeDatabase(db);
  }
});
