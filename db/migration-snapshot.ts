/**
 * Before a start applies pending migrations to the embedded file, a copy of the file as it
 * was (docs/operations.md, "Migrations"): `pre-migrate-<version>-<time>.db` beside the
 * database, the newest 3 kept. drizzle's better-sqlite3 migrator applies every pending
 * migration inside one transaction (db/migration-snapshot.test.ts shows a failure half way
 * leaves nothing), so a failed start leaves the database as it was; the copy is for the
 * migration that succeeded and turned out wrong.
 */
import { readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { isPending, type JournalEntry } from './migrations';
import { compactCopy } from './compact-copy';

export interface PendingMigration {
  tag: string;
  when: number;
  statements: string[];
}

/** Snapshots kept per database folder. */
export const SNAPSHOTS_KEPT = 3;

/** The `when` of the newest applied migration; null for a database never migrated. */
export function lastAppliedMillis(connection: Database.Database): number | null {
  const table = connection
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return null;
  const row = connection
    .prepare('select created_at as at from __drizzle_migrations order by created_at desc limit 1')
    .get() as { at: number | string } | undefined;
  return row ? Number(row.at) : null;
}

/** Of the folder's journal, the migrations the migrator will apply (its rule), with their SQL. */
export function pendingMigrations(
  folder: string,
  journal: JournalEntry[],
  lastApplied: number | null,
): PendingMigration[] {
  return journal
    .filter((migration) => isPending(migration, lastApplied))
    .map(({ tag, when }) => ({
      tag,
      when,
      statements: readFileSync(path.join(folder, `${tag}.sql`), 'utf8').split(
        '--> statement-breakpoint',
      ),
    }));
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/**
 * Copies the database (compact, as every backup: db/backup.ts) before its pending migrations;
 * nothing for a new, never migrated file (there is nothing to lose). Keeps the newest
 * SNAPSHOTS_KEPT.
 */
export async function snapshotBeforeMigrating(
  connection: Database.Database,
  file: string,
  pending: PendingMigration[],
  now: Date,
): Promise<string | null> {
  const first = pending[0];
  if (!first || lastAppliedMillis(connection) === null) return null;
  const folder = path.dirname(path.resolve(file));
  const name = `pre-migrate-${first.tag}-${stamp(now)}.db`;
  const target = path.join(folder, name);
  compactCopy(connection, target);
  chmodSync(target, 0o600);
  // The time is the name's tail: newest by it, whatever the version.
  const timeOf = (entry: string) => /-(\d{4}-\d\d-\d\dT[\d-]+Z)\.db$/.exec(entry)?.[1] ?? '';
  const kept = readdirSync(folder)
    .filter((entry) => entry.startsWith('pre-migrate-') && timeOf(entry))
    .sort((a, b) => (timeOf(a) < timeOf(b) ? 1 : -1));
  for (const old of kept.slice(SNAPSHOTS_KEPT)) rmSync(path.join(folder, old), { force: true });
  return target;
}

/** A migration that failed: the start stops with this one line (server.ts). */
export class MigrationFailedError extends Error {}

/**
 * Which pending migration fails: drizzle's error does not say (better-sqlite3 fails while
 * preparing the statement), so after its rollback the pending statements are tried again,
 * one by one, in a transaction that is always rolled back. Changes nothing.
 */
export function failedMigration(
  connection: Database.Database,
  pending: PendingMigration[],
): string {
  const fallback =
    pending.length === 1
      ? (pending[0]?.tag ?? 'unknown')
      : `one of ${pending.map((m) => m.tag).join(', ')}`;
  try {
    connection.exec('BEGIN');
    for (const migration of pending) {
      for (const statement of migration.statements) {
        try {
          connection.exec(statement);
        } catch {
          return migration.tag;
        }
      }
    }
    return fallback;
  } catch {
    return fallback;
  } finally {
    if (connection.inTransaction) connection.exec('ROLLBACK');
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function migrationFailure(
  error: unknown,
  connection: Database.Database,
  pending: PendingMigration[],
  snapshot: string | null,
): MigrationFailedError {
  const cause = (error as { cause?: unknown }).cause;
  const reason = oneLine(
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error),
  );
  return new MigrationFailedError(
    `migration ${failedMigration(connection, pending)} failed (${reason}); nothing of it was applied` +
      (snapshot ? `, and a copy from before is at "${snapshot}"` : ''),
  );
}
