/**
 * `npm run admin -- restore <file|key>` (docs/operations.md, "Restoring"): checks a backup
 * (the manifest's SHA-256 when there is one, `PRAGMA integrity_check`, rows per table) and
 * puts it in place of DATABASE_PATH while no server runs on it. The replaced file is kept
 * as `<db>.replaced-<time>`, whole: its -wal is folded into it first (or moved with it when
 * the file cannot be opened), and the old -shm removed, so the restored file never meets
 * the old file's journal.
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
import { mkdtemp, rm, copyFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { factsOf, problemWith } from '#db/backup-file';
import { UserError } from '#server/platform/errors';
import { parseManifest, type Manifest } from './manifest';
import { runningServer } from './server-marker';
import { isBackupKey, MANIFEST_SUFFIX, type BackupStore, type StoredBackup } from './store';
import { BackupCheckError, checkCompressed, readManifest } from './verify';
import { readFile } from 'node:fs/promises';

export interface RestoreResult {
  /** Where the backup came from: the file, or `<place>/<key>`. */
  from: string;
  /** Where the old database went; null when there was none. */
  replaced: string | null;
  schemaVersion: string;
  tables: number;
  rows: number;
  /** Whether a manifest was there to check the hash and rows against. */
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

/** A local file: gzip with an optional `<file>.json` manifest beside it, or a plain database. */
async function fromFile(source: string, database: string): Promise<Manifest | null> {
  if (!isGzip(source)) {
    const problem = problemWith(source, null);
    if (problem) throw new BackupCheckError(problem);
    await copyFile(source, database);
    return null;
  }
  const manifestFile = `${source}${MANIFEST_SUFFIX}`;
  let manifest: Manifest | null = null;
  if (existsSync(manifestFile)) {
    manifest = parseManifest(await readFile(manifestFile, 'utf8'));
    if (!manifest) throw new BackupCheckError(`"${manifestFile}" is not a backup manifest`);
  }
  await checkCompressed(source, manifest, database);
  return manifest;
}

/** A key: the first configured place that holds it (the folder before the bucket). */
async function fromKey(
  key: string,
  stores: BackupStore[],
  work: string,
  database: string,
): Promise<{ place: string; manifest: Manifest | null }> {
  for (const store of stores) {
    const listed = await store.list();
    if (!listed.some((b) => b.key === key)) continue;
    const manifest = await readManifest(store, key, work);
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

export async function restoreBackup(options: {
  databaseFile: string;
  source: string;
  stores: BackupStore[];
  now: Date;
}): Promise<RestoreResult> {
  const { databaseFile, source, stores, now } = options;
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
    let manifest: Manifest | null;
    try {
      if (existsSync(source)) {
        manifest = await fromFile(source, restored);
        from = source;
      } else if (isBackupKey(path.basename(source))) {
        const found = await fromKey(path.basename(source), stores, work, restored);
        manifest = found.manifest;
        from = `${found.place}/${path.basename(source)}`;
      } else {
        throw new UserError(`no file "${source}" and no backup key of that name`);
      }
    } catch (error) {
      if (error instanceof BackupCheckError) {
        throw new UserError(
          `the backup "${source}" is not sound: ${error.message}; nothing was changed`,
        );
      }
      throw error;
    }
    const facts = factsOf(restored);
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
