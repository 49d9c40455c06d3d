/**
 * A place backups are put (docs/operations.md, "Backups"): a folder (BACKUP_DIR) or an
 * S3-compatible bucket (BACKUP_S3_URL). Each backup is two objects under one key: the
 * compressed database `<key>` and its manifest `<key>.json`.
 */
export interface StoredBackup {
  key: string;
  size: number;
}

export interface BackupStore {
  /** How the place is named in logs, the CLI and the Overview (never a credential). */
  readonly place: string;
  /** Puts the file under the key, whole or not at all (a half-written one is never listed). */
  put(key: string, file: string): Promise<void>;
  /** Reads the object back into a local file. */
  get(key: string, file: string): Promise<void>;
  /** The backups (not the manifests) in this place. */
  list(): Promise<StoredBackup[]>;
  /** Removes the backup and its manifest; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

export const MANIFEST_SUFFIX = '.json';

/** The name of a backup taken at `at`: sortable by time, one per millisecond. */
export function backupKey(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, '-')}.db.gz`;
}

export const isBackupKey = (name: string) => /^backup-[0-9TZ-]+\.db\.gz$/.test(name);
