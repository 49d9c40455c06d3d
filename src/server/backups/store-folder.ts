/** Backups in a folder (BACKUP_DIR): one file per object, readable by its owner only. */
import { copyFile, mkdir, readdir, rename, rm, stat, chmod } from 'node:fs/promises';
import path from 'node:path';
import { isBackupKey, MANIFEST_SUFFIX, type BackupStore } from './store';

export function folderStore(dir: string): BackupStore {
  return {
    place: dir,
    async put(key, file) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Written under another name, then renamed: a crash never leaves a half file listed.
      const partial = path.join(dir, `.${key}.partial`);
      await copyFile(file, partial);
      await chmod(partial, 0o600);
      await rename(partial, path.join(dir, key));
    },
    async get(key, file) {
      await copyFile(path.join(dir, key), file);
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const backups = [];
      for (const key of names.filter(isBackupKey)) {
        backups.push({ key, size: (await stat(path.join(dir, key))).size });
      }
      return backups;
    },
    async remove(key) {
      await rm(path.join(dir, key), { force: true });
      await rm(path.join(dir, `${key}${MANIFEST_SUFFIX}`), { force: true });
    },
  };
}
