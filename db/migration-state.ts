/**
 * What opening a database found of its migrations, kept per handle (both drivers record it
 * once their migrator ran, db/embedded.ts and db/libsql.ts):
 *
 * - the migrations it applied, by name, which the start logs one line each (server.ts) and
 *   `npm run db:migrate` prints;
 * - the newest migration of the folder as it read it then: the readiness probe compares the
 *   database with that, not with the folder as it is now. An upgrade puts the new code's
 *   migrations on disk (`git pull`, the reinstall) minutes before the restart that applies
 *   them; the code still running neither knows nor needs them, and stays ready
 *   (docs/operations.md, "Upgrading").
 *
 * drizzle's migrators record each applied migration in `__drizzle_migrations` with its journal
 * time (`created_at` = the journal's `when`), so the newest recorded time tells whether one
 * is pending.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { isPending, type JournalEntry } from './migrations';

interface MigrationsAtOpen {
  /** The newest migration's time in the folder as read at open. */
  newest: number;
  /** The tags of the migrations that opening applied, oldest first. */
  applied: string[];
}

const atOpen = new WeakMap<Db, MigrationsAtOpen>();

/**
 * Called by the driver after its migrator ran: the folder's journal as read before it, and the
 * newest migration recorded before it (null for a database never migrated).
 */
export function recordMigrations(db: Db, journal: JournalEntry[], lastApplied: number | null) {
  atOpen.set(db, {
    newest: Math.max(0, ...journal.map((migration) => migration.when)),
    applied: journal
      .filter((migration) => isPending(migration, lastApplied))
      .map((migration) => migration.tag),
  });
}

function recorded(db: Db): MigrationsAtOpen {
  const state = atOpen.get(db);
  if (!state) throw new Error('not a database opened by openDatabase');
  return state;
}

/** The migrations that opening this database applied, oldest first. */
export function appliedAtOpen(db: Db): readonly string[] {
  return recorded(db).applied;
}

/**
 * True when every migration known at open is applied; a failing read throws (the database is
 * away). False when the database is behind this code: one restored from an older backup, or
 * a libSQL server another instance does not keep up to date.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const { newest } = recorded(db);
  const row = await db.get<{ newest: number | null }>(
    sql`select max(created_at) as newest from __drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= newest;
}
