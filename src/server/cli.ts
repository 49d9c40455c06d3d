/**
 * `npm run admin -- <command>`: user management from the shell (docs/operations.md).
 * Works on the database named by DATABASE_URL or DATABASE_PATH (or `.env`); the server may be
 * running meanwhile.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeDatabase, openDatabase, type Db } from '#db';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { databaseTarget } from '#server/platform/config';
import { withEnvFile } from '#server/platform/env-file';
import { UserError } from '#server/platform/errors';
import { sdkNodeNoticesOff } from '#server/platform/node-line';
import { isBackupCommand, runBackupCommand } from '#server/backups/command-line';
import { terminalIo, type CliIo } from './cli-terminal';
import { COMMANDS, runUserCommand } from './cli-user-commands';

export type { CliIo } from './cli-terminal';
export { FIRST_SIGN_IN_SETS_UP } from './cli-user-commands';

type Env = Record<string, string | undefined>;

const USAGE = [
  'usage: npm run admin -- <command>',
  '  add-user <username> [--email <address>]   password from ADMIN_PASSWORD or a prompt',
  '  set-password <username>                   password from ADMIN_PASSWORD or a prompt',
  '  set-email <username> [<address>]          no address: second factor off',
  '  disable-totp <username>                   authenticator app and recovery codes off',
  '  remove-user <username>',
  "  remove-passkeys <username>                removes all of the user's passkeys, ends its sessions",
  '  list-users                                one user a line: username, then e-mail or -',
  '  tokens <username>                         access tokens and OAuth grants, one a line:',
  '                                            name, scopes, expiry, last use (tab-separated)',
  '  revoke-tokens <username>                  revokes all of them; prints how many',
  '  backup <file>                             online copy of the database; never overwrites',
  '  backup                                    a verified backup now to BACKUP_DIR / BACKUP_S3_URL',
  '  backups                                   the backups there: time, place, size, key',
  '  restore <file|key> [--unverified]         checks a backup, puts it in place (server stopped);',
  '                                            --unverified: a copy made by hand, integrity only',
  'The database is DATABASE_PATH (default data/app.db).',
];

/** Runs one command and answers the exit code; failures are one line on stderr. */
export async function main(argv: string[], env: Env, io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (!command) {
    io.err(`missing command (${COMMANDS})`);
    return 1;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    USAGE.forEach((line) => io.out(line));
    return 0;
  }
  let db: Db | undefined;
  try {
    const target = databaseTarget(env);
    if (isBackupCommand(command, args)) {
      await runBackupCommand(command, args, env, target, io);
      return 0;
    }
    if (command === 'backup') {
      if ('url' in target) throw new UserError(LIBSQL_BACKUP_MESSAGE);
      // A backup of a database that does not exist would quietly create and copy an empty one.
      if (!existsSync(target.file)) {
        throw new UserError(`no database at "${target.file}" (DATABASE_PATH) to back up`);
      }
    }
    db = await openDatabase(target);
    await runUserCommand(db, command, args, env, io);
    return 0;
  } catch (error) {
    io.err(
      error instanceof UserError
        ? error.message
        : `error: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    if (db) await closeDatabase(db);
  }
}

/**
 * The command line in this process: its arguments, its terminal, `.env`. `npm run admin`
 * calls it (scripts/admin.mjs: dist/cli.js in production, this file under tsx otherwise).
 */
export async function runFromTerminal(): Promise<void> {
  // The backup commands' S3 client: no AWS SDK notice of Node 20 (docs/decisions/0053).
  sdkNodeNoticesOff(process.env, process.version);
  const io = terminalIo();
  const env = withEnvFile(process.env, '.env', { ignore: ['ADMIN_PASSWORD'] });
  const code = await main(process.argv.slice(2), env, io);
  io.close();
  process.exitCode = code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void runFromTerminal();
}
