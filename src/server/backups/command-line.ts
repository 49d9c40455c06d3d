/**
 * The backup commands of `npm run admin` (docs/operations.md, "Backups"): `backup` without a
 * file (one verified backup now, to the configured places), `backups` (list them) and
 * `restore <file|key> [--unverified]`. `backup <file>`, the plain online copy, stays in
 * cli-user-commands.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase, type DatabaseTarget } from '#db';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { parseBackupConfig, type BackupConfig } from '#server/platform/backup-config';
import { existingSessionSecret, resolveSessionSecret } from '#server/platform/config-database';
import { systemClock } from '#server/platform/clock';
import { UserError } from '#server/platform/errors';
import { storesOf } from './places';
import { listBackups, restoreBackup } from './restore';
import type { BackupStore } from './store';
import { takeBackup } from './take-backup';

type Env = Record<string, string | undefined>;
interface Io {
  out(line: string): void;
}

/** Whether cli.ts hands the command here: `backup` alone, `backups`, `restore`. */
export function isBackupCommand(command: string, args: string[]): boolean {
  return (
    (command === 'backup' && args.length === 0) || command === 'backups' || command === 'restore'
  );
}

function embeddedFile(target: DatabaseTarget): string {
  if ('url' in target) throw new UserError(LIBSQL_BACKUP_MESSAGE);
  return target.file;
}

const NOT_CONFIGURED =
  'no backup place is configured: set BACKUP_DIR or BACKUP_S3_URL (docs/operations.md, "Backups")';

/** A configuration error as the one line the command prints. */
function userError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UserError((error as Error).message);
  }
}

function settings(env: Env, target: DatabaseTarget): BackupConfig | null {
  return userError(() => parseBackupConfig(env, target, (p) => path.resolve(p)));
}

const RESTORE_USAGE = 'usage: npm run admin -- restore <file|key> [--unverified]';

/** What `backup <file>` says of its copy (docs/operations.md, "Restoring"). */
export const UNVERIFIED_COPY =
  'this copy has no authenticated manifest: it restores only with `npm run admin -- restore <file> --unverified`';

/** Runs the command; throws UserError for the one line cli.ts prints before exiting 1. */
export async function runBackupCommand(
  command: string,
  args: string[],
  env: Env,
  target: DatabaseTarget,
  io: Io,
  stores?: BackupStore[],
): Promise<void> {
  const file = embeddedFile(target);
  const config = settings(env, target);
  if (command === 'backups') {
    if (args.length) throw new UserError('usage: npm run admin -- backups');
    if (!config) throw new UserError(NOT_CONFIGURED);
    const listed = await listBackups(stores ?? storesOf(config));
    if (!listed.length)
      io.out(
        `no backups in ${storesOf(config)
          .map((s) => s.place)
          .join(', ')}`,
      );
    for (const b of listed) io.out([b.at, b.place, String(b.size), b.key].join('\t'));
    return;
  }
  if (command === 'restore') {
    const unverified = args.includes('--unverified');
    const [source, ...rest] = args.filter((arg) => arg !== '--unverified');
    if (!source || rest.length) throw new UserError(RESTORE_USAGE);
    // Read, never created here: a restore that cannot go on changes nothing.
    const sessionSecret = userError(() => existingSessionSecret(env.SESSION_SECRET, target));
    const result = await restoreBackup({
      databaseFile: file,
      source,
      stores: stores ?? (config ? storesOf(config) : []),
      trust: { sessionSecret, unverified },
      now: new Date(),
    });
    const checked = result.manifest
      ? 'hash, integrity and rows checked against its authenticated manifest'
      : 'UNVERIFIED: integrity checked only, as --unverified asked';
    io.out(
      `restored ${result.from} (schema ${result.schemaVersion}, ${result.tables} tables, ${result.rows} rows; ${checked}) to "${file}"`,
    );
    io.out(
      result.replaced
        ? `the replaced database is kept as "${result.replaced}"`
        : 'there was no database to replace',
    );
    return;
  }
  // `backup` without a file.
  if (!config) throw new UserError(NOT_CONFIGURED);
  if (!existsSync(file)) throw new UserError(`no database at "${file}" (DATABASE_PATH) to back up`);
  const db = await openDatabase(target);
  try {
    const sessionSecret = userError(() => resolveSessionSecret(env.SESSION_SECRET, target));
    const outcome = await takeBackup({
      db,
      backups: config,
      sessionSecret,
      clock: systemClock,
      stores,
    });
    if (outcome.status === 'skipped') {
      throw new UserError(
        `another backup is being taken${outcome.heldBy ? ` (${outcome.heldBy})` : ''}; try again later`,
      );
    }
    if (outcome.status === 'failed') throw new UserError(`backup failed: ${outcome.error}`);
    io.out(
      `backup ${outcome.key} (${outcome.size} bytes) put and checked in ${outcome.places.join(', ')}`,
    );
  } finally {
    await closeDatabase(db);
  }
}
