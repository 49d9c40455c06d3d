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
