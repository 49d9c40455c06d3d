/**
 * Whether every migration this build carries is applied (the readiness probe, docs/operations.md):
 * drizzle's migrators record each applied migration in `__drizzle_migrations` with its
 * journal time (`created_at` = the journal's `when`) and apply every one newer than the
 * newest recorded, so the newest recorded time tells whether any is pending.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { MIGRATIONS_FOLDER } from './migrations';

let newestInBuild: number | null = null;

/** The newest migration's time in migrations/meta/_journal.json, read once. */
function newestJournalTime(): number {
  if (newestInBuild === null) {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    newestInBuild = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return newestInBuild;
}

/** True when no migration of this build is pending; a failing read throws (the database is away). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const row = await db.get<{ newest: number | null }>(
    sql`select max(created_at) as newest from __drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= newestJournalTime();
}
