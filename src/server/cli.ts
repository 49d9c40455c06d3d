/**
 * `npm run admin -- <command>`: user management from the shell (docs/operations.md).
 * Works on the database named by DATABASE_URL or DATABASE_PATH (or `.env`); the server may be
 * running meanwhile.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { closeDatabase, openDatabase, type Db } from '#db';
import { backupDatabase, LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { databaseTarget } from '#server/platform/config';
import { withEnvFile } from '#server/platform/env-file';
import {
  addUser,
  checkPassword,
  disableTotp,
  listUsers,
  listTokens,
  removeUser,
  revokeTokens,
  setEmail,
  setPassword,
  userExists,
  usernameTaken,
} from '#server/identity/users/manage-users';
import { UserError } from '#server/platform/errors';
import { removeAllPasskeys } from '#server/identity/passkeys/command-line';
import { weakPasswordProblem } from '#server/identity/passwords/password-policy';
import { isBackupCommand, runBackupCommand } from '#server/backups/command-line';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it. */
  askHidden(question: string): Promise<string>;
}

type Env = Record<string, string | undefined>;

/** The server's own test (platform/config.ts): the command line acts for the same server. */
const production = (env: Env) => env.NODE_ENV === 'production';

/**
 * In production a user without an address is signed in to setting up a second factor and
 * nothing else (docs/accounts.md): the command line says so rather than "the password alone".
 */
export const FIRST_SIGN_IN_SETS_UP =
  'the first sign-in must set up a second factor (the authenticator app, a passkey or an e-mail address) before anything else';

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
  '  restore <file|key>                        checks a backup, puts it in place (server stopped)',
  'The database is DATABASE_PATH (default data/app.db).',
];

const COMMANDS =
  'add-user, set-password, set-email, disable-totp, remove-user, remove-passkeys, list-users, tokens, revoke-tokens, backup, backups, restore';

function usageError(synopsis: string): UserError {
  return new UserError(`usage: npm run admin -- ${synopsis}`);
}

async function readPassword(env: Env, io: CliIo): Promise<string> {
  if (env.ADMIN_PASSWORD) return checkPassword(env.ADMIN_PASSWORD);
  const first = checkPassword(await io.askHidden('Password (at least 12 characters): '));
  const second = await io.askHidden('Repeat the password: ');
  if (first !== second) throw new UserError('the two passwords do not match');
  return first;
}

/** The screen's rule for a new password (docs/accounts.md), in the command line's words. */
async function strongPassword(db: Db, username: string, password: string): Promise<string> {
  const problem = await weakPasswordProblem(db, password, username);
  if (problem) throw new UserError(problem);
  return password;
}

/**
 * A command's arguments through `node:util` parseArgs: between `min` and `max` positionals and
 * the options named; anything else (an unknown option, `--`, an option without its value) is
 * the command's usage line.
 */
function argumentsOf(
  args: string[],
  synopsis: string,
  { min = 1, max = 1, email = false }: { min?: number; max?: number; email?: boolean } = {},
): { positionals: string[]; email: string | null } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      tokens: true,
      options: email ? { email: { type: 'string' } } : {},
    });
  } catch {
    throw usageError(synopsis);
  }
  const { positionals, values, tokens } = parsed;
  const refused = (tokens ?? []).some(
    (token) =>
      token.kind === 'option-terminator' ||
      // `--email ""`: a value that names nothing (`--email=` stays an empty address).
      (token.kind === 'option' && !token.inlineValue && !token.value),
  );
  if (refused || positionals.length < min || positionals.length > max) {
    throw usageError(synopsis);
  }
  return { positionals, email: typeof values.email === 'string' ? values.email : null };
}

/** The one argument of a command that takes a single non-empty one (a username, a file). */
function oneArgument(args: string[], synopsis: string): string {
  const [value] = argumentsOf(args, synopsis).positionals;
  if (!value) throw usageError(synopsis);
  return value;
}

async function run(db: Db, command: string, args: string[], env: Env, io: CliIo): Promise<void> {
  switch (command) {
    case 'add-user': {
      const parsed = argumentsOf(args, 'add-user <username> [--email <address>]', { email: true });
      const [username = ''] = parsed.positionals;
      if (!username) throw usageError('add-user <username> [--email <address>]');
      const { email } = parsed;
      // Refused before the prompt, so nobody types a password for nothing.
      if (await usernameTaken(db, username)) {
        throw new UserError(`user "${username}" already exists`);
      }
      const password = await strongPassword(db, username, await readPassword(env, io));
      await addUser(db, { username, email, password }, new Date());
      io.out(
        `user "${username}" added; ${
          email
            ? `sign-in codes go to ${email}`
            : production(env)
              ? FIRST_SIGN_IN_SETS_UP
              : 'signs in with the password alone'
        }`,
      );
      return;
    }
    case 'set-password': {
      const username = oneArgument(args, 'set-password <username>');
      if (!(await userExists(db, username)))
        throw new UserError(`user "${username}" does not exist`);
      await setPassword(
        db,
        username,
        await strongPassword(db, username, await readPassword(env, io)),
      );
      io.out(`password of "${username}" changed; its sessions and access tokens were ended`);
      return;
    }
    case 'set-email': {
      const { positionals } = argumentsOf(args, 'set-email <username> [<address>]', { max: 2 });
      const [username = '', email] = positionals;
      await setEmail(db, username, email || null);
      io.out(
        email
          ? `sign-in codes for "${username}" go to ${email}`
          : `"${username}" signs in with the password alone`,
      );
      return;
    }
    case 'disable-totp': {
      const username = oneArgument(args, 'disable-totp <username>');
      const changed = await disableTotp(db, username);
      io.out(
        changed
          ? `authenticator app of "${username}" turned off, recovery codes deleted; its sessions were ended`
          : `"${username}" had no authenticator app on; nothing changed`,
      );
      return;
    }
    case 'remove-user': {
      const username = oneArgument(args, 'remove-user <username>');
      await removeUser(db, username);
      io.out(`user "${username}" removed; its sessions were ended`);
      return;
    }
    case 'remove-passkeys': {
      const username = oneArgument(args, 'remove-passkeys <username>');
      const removed = await removeAllPasskeys(db, username);
      io.out(
        `${removed} passkey${removed === 1 ? '' : 's'} of "${username}" removed; its sessions were ended`,
      );
      return;
    }
    case 'list-users': {
      argumentsOf(args, 'list-users', { min: 0, max: 0 });
      for (const user of await listUsers(db)) io.out(`${user.username} ${user.email ?? '-'}`);
      return;
    }
    case 'tokens': {
      const username = oneArgument(args, 'tokens <username>');
      for (const token of await listTokens(db, username)) {
        const lastUse = token.lastUsedAt ? `last used ${token.lastUsedAt}` : 'never used';
        io.out(
          [token.name, token.scopes.join(','), `expires ${token.expiresAt}`, lastUse].join('\t'),
        );
      }
      return;
    }
    case 'revoke-tokens': {
      const username = oneArgument(args, 'revoke-tokens <username>');
      const revoked = await revokeTokens(db, username);
      io.out(`${revoked} access token${revoked === 1 ? '' : 's'} of "${username}" revoked`);
      return;
    }
    case 'backup': {
      const target = oneArgument(args, 'backup <file>');
      const { pages } = await backupDatabase(db, target);
      io.out(`database copied to "${target}" (${pages} pages)`);
      return;
    }
    default:
      throw new UserError(`unknown command "${command}" (${COMMANDS})`);
  }
}

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
    await run(db, command, args, env, io);
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

/** Reads a line from a terminal without echoing it (raw mode, so nothing is shown). */
function readHiddenFromTty(): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new UserError('cancelled'));
          return;
        }
        value =
          char === '\u007f' || char === '\b'
            ? Array.from(value).slice(0, -1).join('')
            : value + char;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

function terminalIo(): CliIo & { close(): void } {
  // Piped input (scripts): one password a line.
  let lines: ReturnType<typeof createInterface> | undefined;
  let iterator: AsyncIterator<string> | undefined;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    async askHidden(question) {
      process.stderr.write(question);
      if (process.stdin.isTTY) return readHiddenFromTty();
      lines ??= createInterface({ input: process.stdin, terminal: false });
      iterator ??= lines[Symbol.asyncIterator]();
      const next = await iterator.next();
      process.stderr.write('\n');
      if (next.done) throw new UserError('no password given: set ADMIN_PASSWORD or type it');
      return next.value;
    },
    close: () => lines?.close(),
  };
}

/**
 * The command line in this process: its arguments, its terminal, `.env`. `npm run admin`
 * calls it (scripts/admin.mjs: dist/cli.js in production, this file under tsx otherwise).
 */
export async function runFromTerminal(): Promise<void> {
  const io = terminalIo();
  const env = withEnvFile(process.env, '.env', { ignore: ['ADMIN_PASSWORD'] });
  const code = await main(process.argv.slice(2), env, io);
  io.close();
  process.exitCode = code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void runFromTerminal();
}
