import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's migrations/ folder, one level up from this file; also from the production
 * bundle, dist/server.js and dist/cli.js, which sit one level below the root too
 * (scripts/bundle-server.ts checks that the folder is there).
 */
export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../migrations',
);

/** Where openDatabase reads the migrations from: the project's folder, or a test's own. */
export interface MigrationOptions {
  migrationsFolder?: string;
}

/** A migration as drizzle-kit's journal (meta/_journal.json) lists it. */
export interface JournalEntry {
  tag: string;
  /** Its time: drizzle's migrators record it as `created_at` once it is applied. */
  when: number;
}

/** The folder's migrations, oldest first, as drizzle's migrators read them. */
export function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The migrator's rule: it applies every migration newer than the newest one recorded
 * (`lastApplied`, null for a database never migrated).
 */
export function isPending(migration: JournalEntry, lastApplied: number | null): boolean {
  return lastApplied === null || migration.when > lastApplied;
}

/**
 * drizzle's migrators read which migrations are applied before their transaction starts, so
 * when two instances start together the second may try a migration the first just applied
 * and fail. Its transaction rolls back whole; trying again finds everything applied.
 */
export async function migrateSafely(migrate: () => unknown): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt * (0.5 + Math.random())));
    }
  }
}
