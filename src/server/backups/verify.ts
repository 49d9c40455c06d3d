/**
 * A backup counts only once read back from where it was put and checked (docs/operations.md,
 * "Backups"): the manifest as written, the SHA-256 of the compressed bytes, the decompressed
 * file through `PRAGMA integrity_check`, and rows per table equal to the manifest's.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipFile, problemWith, sha256Of } from '#db/backup-file';
import { parseManifest, type Manifest } from './manifest';
import { MANIFEST_SUFFIX, type BackupStore } from './store';

export class BackupCheckError extends Error {}

/**
 * Checks the compressed file against the manifest (null: no manifest, the integrity check
 * alone) and leaves the decompressed database at `database`.
 */
export async function checkCompressed(
  compressed: string,
  manifest: Manifest | null,
  database: string,
): Promise<void> {
  if (manifest) {
    const hash = await sha256Of(compressed);
    if (hash !== manifest.sha256) {
      throw new BackupCheckError(`SHA-256 ${hash.slice(0, 12)}… differs from the manifest's`);
    }
  }
  try {
    await gunzipFile(compressed, database);
  } catch (error) {
    throw new BackupCheckError(`cannot be decompressed (${(error as Error).message})`);
  }
  const problem = problemWith(database, manifest?.tables ?? null);
  if (problem) throw new BackupCheckError(problem);
}

/** Reads a backup's manifest back from the store; null when there is none or it is not one. */
export async function readManifest(
  store: BackupStore,
  key: string,
  work: string,
): Promise<Manifest | null> {
  const file = path.join(work, `${path.basename(key)}.read${MANIFEST_SUFFIX}`);
  try {
    await store.get(`${key}${MANIFEST_SUFFIX}`, file);
  } catch {
    return null;
  }
  try {
    return parseManifest(await readFile(file, 'utf8'));
  } finally {
    await rm(file, { force: true });
  }
}

/** Reads the backup back from the store and checks it against the manifest that was put. */
export async function verifyStored(
  store: BackupStore,
  manifest: Manifest,
  work: string,
): Promise<void> {
  const readBack = await readManifest(store, manifest.key, work);
  if (!readBack || JSON.stringify(readBack) !== JSON.stringify(manifest)) {
    throw new BackupCheckError('the manifest read back differs from the one put');
  }
  const compressed = path.join(work, 'read-back.db.gz');
  const database = path.join(work, 'read-back.db');
  try {
    await store.get(manifest.key, compressed);
    await checkCompressed(compressed, manifest, database);
  } finally {
    await rm(compressed, { force: true });
    await rm(database, { force: true });
  }
}
