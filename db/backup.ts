import { chmodSync, closeSync, openSync, rmSync } from 'node:fs';
import { sqliteFileOf, type Db } from './';
import { UserError } from '../src/server/platform/errors';

export const LIBSQL_BACKUP_MESSAGE =
  "DATABASE_URL names a libSQL server: back it up with the server's own backups " +
  '(sqld: copy its --db-path folder while it is stopped, or its bottomless S3 backups; ' +
  'Turso: point-in-time restore). This command copies the embedded file only.';

/** Pages per backup step: all of them, so the copy is one snapshot and never restarts. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the open database into a new file with SQLite's online backup API, while the server
 * may go on writing. One step reads every page inside one read transaction: in WAL mode that
 * is a consistent snapshot and writers are not blocked meanwhile. An existing file is never
 * overwritten: it is created exclusively first, so two backups cannot race for one name.
 * The copy holds every password hash and every visitor's message: it is created readable by
 * its owner only (0600), and set so again after SQLite wrote it, whatever the umask.
 */
export async function backupDatabase(db: Db, target: string): Promise<{ pages: number }> {
  const file = sqliteFileOf(db);
  if (!file) throw new UserError(LIBSQL_BACKUP_MESSAGE);
  let fd: number;
  try {
    fd = openSync(target, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UserError(`"${target}" already exists; choose a new file`);
    throw new UserError(`cannot create "${target}": ${(error as Error).message}`);
  }
  closeSync(fd);
  try {
    const result = await file.backup(target, { progress: () => ALL_PAGES });
    chmodSync(target, 0o600);
    return { pages: result.totalPages };
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}
