/**
 * `npm run admin -- restore <file|key> [--unverified]` (docs/operations.md, "Restoring"):
 * checks a backup and puts it in place of DATABASE_PATH while no server runs on it. A backup
 * restores only with a manifest this site authenticated (manifest.ts) and bytes that match it
 * (SHA-256, `PRAGMA integrity_check`, rows per table); anything else is refused and nothing
 * changes, unless the owner adds `--unverified` (a copy made by hand with `backup <file>`),
 * which checks the integrity alone. The replaced file is kept as `<db>.replaced-<time>`,
 * whole: its -wal is folded into it first (or moved with it when the file cannot be opened),
 * and the old -shm removed, so the restored file never meets the old file's journal.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  chmodSync,
} from 'node:fs';
import { mkdtemp, rm, copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { factsOf, problemWith } from '#db/backup-file';
import { UserError } from '#server/platform/errors';
import { manifestVerifies, parseManifest, type Manifest } from './manifest';
import { recordRestoredRun } from './restored-run';
import { runningServer } from './server-marker';
import { isBackupKey, MANIFEST_SUFFIX, type BackupStore, type StoredBackup } from './store';
import { BackupCheckError, checkCompressed, readManifest } from './verify';

/** What a restore trusts: the manifest's key, and whether the owner waived it. */
export interface Trust {
  /** The site's SESSION_SECRET; null when none is set or kept beside the database. */
  sessionSecret: string | null;
  /** `--unverified`: the integrity check alone, for a copy the owner made by hand. */
  unverified: boolean;
}

/** A backup without a manifest this site authenticated: refused unless `--unverified`. */
class UnverifiedBackupError extends BackupCheckError {}

/**
 * The manifest to check the backup against: the one given, when it verifies; null when the
 * owner said `--unverified` (the integrity check alone). Otherwise refused, saying why.
 */
function trusted(manifest: Manifest | null, trust: Trust): Manifest | null {
  const { sessionSecret } = trust;
  if (manifest && sessionSecret && manifestVerifies(manifest, sessionSecret)) return manifest;
  if (trust.unverified) return null;
  throw new UnverifiedBackupError(
    !manifest
      ? 'it has no manifest this site authenticated (a copy made by hand with `backup <file>`, or a backup from before manifests were authenticated)'
      : !sessionSecret
        ? 'its manifest cannot be checked: SESSION_SECRET is not set, and no session-secret file is beside DATABASE_PATH'
        : 'its manifest does not verify (made with another SESSION_SECRET, changed, or not made by this site)',
  );
}

export interface RestoreResult {
  /** Where the backup came from: the file, or `<place>/<key>`. */
  from: string;
  /** Where the old database went; null when there was none. */
  replaced: string | null;
  schemaVersion: string;
  tables: number;
  rows: number;
  /** Whether an authenticated manifest was there to check the hash and rows against. */
  manifest: boolean;
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

function isGzip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** A local file: gzip with its `<file>.json` manifest beside it, or a plain database. */
async function fromFile(source: string, database: string, trust: Trust): Promise<Manifest | null> {
  if (!isGzip(source)) {
    trusted(null, trust);
    const problem = problemWith(source, null);
    if (problem) throw new BackupCheckError(problem);
    await copyFile(source, database);
    return null;
  }
  const manifestFile = `${source}${MANIFEST_SUFFIX}`;
  const manifest = existsSync(manifestFile)
    ? parseManifest(await readFile(manifestFile, 'utf8'))
    : null;
  const checked = trusted(manifest, trust);
  await checkCompressed(source, checked, database);
  return checked;
}

/** A key: the first configured place that holds it (the folder before the bucket). */
async function fromKey(
  key: string,
  stores: BackupStore[],
  work: string,
  database: string,
  trust: Trust,
): Promise<{ place: string; manifest: Manifest | null }> {
  for (const store of stores) {
    const listed = await store.list();
    if (!listed.some((b) => b.key === key)) continue;
    const manifest = trusted(await readManifest(store, key, work), trust);
    const compressed = path.join(work, key);
    await store.get(key, compressed);
    try {
      await checkCompressed(compressed, manifest, database);
    } catch (error) {
      throw new BackupCheckError(`${store.place}/${key}: ${(error as Error).message}`);
    } finally {
      await rm(compressed, { force: true });
    }
    return { place: store.place, manifest };
  }
  throw new UserError(
    stores.length
      ? `no backup "${key}" in ${stores.map((s) => s.place).join(' or ')}`
      : `no file "${key}", and no backup place is configured (BACKUP_DIR, BACKUP_S3_URL)`,
  );
}

/** Moves the old database aside whole (its -wal folded in), answering where it went. */
function setAside(file: string, at: Date): string | null {
  if (!existsSync(file)) return null;
  try {
    // The last connection to close folds the -wal into the file and removes it.
    const connection = new Database(file, { fileMustExist: true });
    connection.pragma('wal_checkpoint(TRUNCATE)');
    connection.close();
  } catch {
    // A file SQLite cannot open keeps its -wal beside it, under the new name.
  }
  const replaced = `${file}.replaced-${stamp(at)}`;
  renameSync(file, replaced);
  if (existsSync(`${file}-wal`)) renameSync(`${file}-wal`, `${replaced}-wal`);
  rmSync(`${file}-shm`, { force: true });
  return replaced;
}

/** The refusal of a backup that is not restored: one line, saying that nothing changed. */
function refusal(source: string, error: BackupCheckError): UserError {
  if (error instanceof UnverifiedBackupError) {
    return new UserError(
      `the backup "${source}" is refused: ${error.message}; nothing was changed. ` +
        `A copy you made yourself restores with \`restore ${source} --unverified\` (its integrity checked, nothing else)`,
    );
  }
  return new UserError(
    `the backup "${source}" is not sound: ${error.message}; nothing was changed`,
  );
}

export async function restoreBackup(options: {
  databaseFile: string;
  source: string;
  stores: BackupStore[];
  trust: Trust;
  now: Date;
}): Promise<RestoreResult> {
  const { databaseFile, source, stores, trust, now } = options;
  const server = runningServer(databaseFile);
  if (server) {
    throw new UserError(
      `a server is running on "${databaseFile}" (${server}, see ${databaseFile}.server): stop it first`,
    );
  }
  const folder = path.dirname(path.resolve(databaseFile));
  const work = await mkdtemp(path.join(folder, '.restore-'));
  try {
    const restored = path.join(work, 'restored.db');
    let from: string;
    let place: string;
    let manifest: Manifest | null;
    try {
      if (existsSync(source)) {
        manifest = await fromFile(source, restored, trust);
        from = place = source;
      } else if (isBackupKey(path.basename(source))) {
        const found = await fromKey(path.basename(source), stores, work, restored, trust);
        manifest = found.manifest;
        place = found.place;
        from = `${found.place}/${path.basename(source)}`;
      } else {
        throw new UserError(`no file "${source}" and no backup key of that name`);
      }
    } catch (error) {
      if (error instanceof BackupCheckError) throw refusal(source, error);
      throw error;
    }
    const facts = factsOf(restored);
    if (manifest) recordRestoredRun(restored, manifest, place);
    const fd = openSync(restored, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    chmodSync(restored, 0o600);
    const replaced = setAside(databaseFile, now);
    renameSync(restored, databaseFile);
    return {
      from,
      replaced,
      schemaVersion: facts.schemaVersion,
      tables: Object.keys(facts.tables).length,
      rows: Object.values(facts.tables).reduce((a, b) => a + b, 0),
      manifest: manifest !== null,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface ListedBackup extends StoredBackup {
  place: string;
  /** From the key: when the backup was started. */
  at: string;
}

/** Every backup in every place, newest first. */
export async function listBackups(stores: BackupStore[]): Promise<ListedBackup[]> {
  const all: ListedBackup[] = [];
  for (const store of stores) {
    for (const backup of await store.list()) {
      const m = /^backup-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(backup.key);
      const at = m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : '?';
      all.push({ ...backup, place: store.place, at });
    }
  }
  return all.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : a.place < b.place ? -1 : 1));
}
