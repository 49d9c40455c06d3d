import { chmodSync, closeSync, openSync, rmSync } from 'node:fs';
import { sqliteFileOf, type Db } from './';
import { compactCopy } from './compact-copy';
import { UserError } from '../src/server/platform/errors';

export const LIBSQL_BACKUP_MESSAGE =
  "DATABASE_URL names a libSQL server: back it up with the server's own backups " +
  '(sqld: copy its --db-path folder while it is stopped, or its bottomless S3 backups; ' +
  'Turso: point-in-time restore). This command copies the embedded file only.';

/**
 * Copies the open database into a new file (compactCopy), while the server may go on writing.
 * An existing file is never overwritten: it is created exclusively first, so two backups
 * cannot race for one name. The copy holds every password hash and every visitor's message:
 * it is created readable by its owner only (0600), and set so again after SQLite wrote it,
 * whatever the umask.
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
    const pages = compactCopy(file, target);
    chmodSync(target, 0o600);
    return { pages };
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}
