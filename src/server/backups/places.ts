/** The configured places (BACKUP_DIR, then BACKUP_S3_URL), as stores. */
import type { BackupConfig } from '#server/platform/backup-config';
import type { BackupStore } from './store';
import { folderStore } from './store-folder';
import { s3Store } from './store-s3';

export function storesOf(config: BackupConfig): BackupStore[] {
  const stores: BackupStore[] = [];
  if (config.dir) stores.push(folderStore(config.dir));
  if (config.s3) stores.push(s3Store(config.s3));
  return stores;
}

/** The places' names alone (no client made), as the Overview and the CLI show them. */
export function placeNames(config: BackupConfig): string[] {
  const names: string[] = [];
  if (config.dir) names.push(config.dir);
  if (config.s3)
    names.push(`s3://${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}`);
  return names;
}
