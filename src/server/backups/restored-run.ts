/**
 * A restored database's own list of backup runs ends before the backup it came from: the copy
 * is taken before its run is recorded. So the Overview's "Last good backup" would name an
 * older one (or none) after a restore. The restore records the backup it put in place as a
 * good run in the restored file (docs/operations.md, "Restoring"), once its authenticated
 * manifest was checked; a copy restored `--unverified` is no checked backup and adds nothing.
 */
import Database from 'better-sqlite3';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '#db/schema';
import type { Manifest } from './manifest';

export function recordRestoredRun(database: string, manifest: Manifest, place: string): void {
  const connection = new Database(database, { fileMustExist: true });
  try {
    const hasRuns = connection
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'backup_runs'")
      .get();
    if (!hasRuns) return;
    const db = drizzle(connection);
    const runs = schema.backupRuns;
    const known = db
      .select({ id: runs.id })
      .from(runs)
      .where(and(eq(runs.key, manifest.key), eq(runs.ok, true)))
      .get();
    if (known) return;
    // When it was taken: the run finished moments later, and no later time is known.
    const at = new Date(manifest.createdAt);
    db.insert(runs)
      .values({
        startedAt: at,
        finishedAt: at,
        ok: true,
        key: manifest.key,
        places: place,
        size: manifest.size,
        error: null,
      })
      .run();
  } finally {
    connection.close();
  }
}
