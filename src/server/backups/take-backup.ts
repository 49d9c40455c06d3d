/**
 * One verified backup of the embedded file (docs/operations.md, "Backups"): under the lease,
 * an online consistent copy made compact (db/backup.ts), gzip, an authenticated manifest
 * (manifest.ts), put to every configured place, read back from each and checked. Only then
 * does it count: the run is recorded as good and each place is pruned to the newest
 * BACKUP_KEEP good backups. Any failure records
 * a failed run, removes what this run put (nothing half-checked stays to be mistaken for a
 * backup), and mails the owner at most once a day.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sqliteFileOf, type Db } from '#db';
import { backupDatabase, LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { factsOf, gzipFile, sha256Of } from '#db/backup-file';
import type { BackupConfig } from '#server/platform/backup-config';
import { newSenderId } from '#server/platform/claim-owner';
import type { Clock } from '#server/platform/clock';
import { UserError } from '#server/platform/errors';
import { loggableError, type Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { mailQueued } from '#server/mail/outbox/send-mail';
import { failureMail } from './failure-mail';
import { releaseLease, takeLease, type Due } from './lease';
import { signedManifest } from './manifest';
import { storesOf } from './places';
import { goodKeys, recordRun } from './runs';
import { backupKey, MANIFEST_SUFFIX, type BackupStore } from './store';
import { verifyStored } from './verify';

export interface BackupDeps {
  db: Db;
  backups: BackupConfig;
  /** Keys the manifest's MAC (manifest.ts): the site's SESSION_SECRET, not in the backup. */
  sessionSecret: string;
  clock: Clock;
  logger?: Logger;
  /** With a mailer and an owner's address, a failure is mailed (at most once a day). */
  notify?: { mailer: Mailer; to: string; siteUrl: string } | null;
  /** The places; from `backups` unless a test gives its own. */
  stores?: BackupStore[];
}

export type BackupOutcome =
  | { status: 'skipped'; heldBy: string | null }
  | { status: 'ok'; key: string; size: number; places: string[] }
  | { status: 'failed'; key: string; error: string; places: string[] };

/** Keeps the newest `keep` good backups in the store; removes every other one listed. */
async function prune(store: BackupStore, good: Set<string>, keep: number): Promise<string[]> {
  const listed = (await store.list())
    .map((b) => b.key)
    .sort()
    .reverse();
  const kept = listed.filter((key) => good.has(key)).slice(0, keep);
  const gone = listed.filter((key) => !kept.includes(key));
  for (const key of gone) await store.remove(key);
  return gone;
}

/**
 * Takes a backup now if the lease is free (and, with `due`, one is due). Never throws for a
 * failed backup: that is the outcome, recorded.
 */
export async function takeBackup(deps: BackupDeps, due: Due | null = null): Promise<BackupOutcome> {
  const file = sqliteFileOf(deps.db);
  if (!file) throw new UserError(LIBSQL_BACKUP_MESSAGE);
  const holder = newSenderId();
  const lease = await takeLease(deps.db, holder, deps.clock.now(), due);
  if (!lease.taken) return { status: 'skipped', heldBy: lease.heldBy };
  const startedAt = deps.clock.now();
  const key = backupKey(startedAt);
  const stores = deps.stores ?? storesOf(deps.backups);
  const places = stores.map((s) => s.place);
  const put: BackupStore[] = [];
  // Beside the database: the copy may be as large as it, and /tmp is often a small tmpfs.
  const work = await mkdtemp(path.join(path.dirname(path.resolve(file.name)), '.backup-'));
  try {
    const copy = path.join(work, 'copy.db');
    await backupDatabase(deps.db, copy);
    const facts = factsOf(copy);
    const compressed = path.join(work, key);
    await gzipFile(copy, compressed);
    await rm(copy, { force: true });
    const manifest = signedManifest(
      {
        format: 2,
        key,
        createdAt: startedAt.toISOString(),
        schemaVersion: facts.schemaVersion,
        tables: facts.tables,
        sha256: await sha256Of(compressed),
        size: (await stat(compressed)).size,
      },
      deps.sessionSecret,
    );
    const manifestFile = `${compressed}${MANIFEST_SUFFIX}`;
    await writeFile(manifestFile, JSON.stringify(manifest), { mode: 0o600 });
    for (const store of stores) {
      put.push(store);
      try {
        await store.put(key, compressed);
        await store.put(`${key}${MANIFEST_SUFFIX}`, manifestFile);
        await verifyStored(store, manifest, work);
      } catch (error) {
        throw new Error(`${store.place}: ${loggableError(error)}`, { cause: error });
      }
    }
    await recordRun(
      deps.db,
      {
        startedAt,
        finishedAt: deps.clock.now(),
        ok: true,
        key,
        places,
        size: manifest.size,
        error: null,
      },
      null,
    );
    deps.logger?.info('backup.ok', { key, size: manifest.size, places });
    const good = await goodKeys(deps.db);
    for (const store of stores) {
      try {
        const gone = await prune(store, good, deps.backups.keep);
        if (gone.length) deps.logger?.info('backup.pruned', { place: store.place, removed: gone });
      } catch (error) {
        // The backup itself is good; the old ones go next time.
        deps.logger?.error('backup.prune_failed', {
          place: store.place,
          error: loggableError(error),
        });
      }
    }
    return { status: 'ok', key, size: manifest.size, places };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const store of put) await store.remove(key).catch(() => undefined);
    deps.logger?.error('backup.failed', { key, error: message });
    const notify = deps.notify;
    const finishedAt = deps.clock.now();
    const mailed = await recordRun(
      deps.db,
      { startedAt, finishedAt, ok: false, key, places, size: null, error: message },
      notify
        ? (lastGood) =>
            failureMail(notify.to, notify.siteUrl, { at: finishedAt, error: message, lastGood })
        : null,
    );
    if (mailed && notify) {
      await mailQueued({
        db: deps.db,
        clock: deps.clock,
        mailer: notify.mailer,
        logger: deps.logger ?? silent,
      });
    }
    return { status: 'failed', key, error: message, places };
  } finally {
    await rm(work, { recursive: true, force: true });
    await releaseLease(deps.db, holder);
  }
}

const silent: Logger = { info: () => undefined, error: () => undefined };
