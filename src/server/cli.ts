/**
 * `npm run admin -- <command>`: user management from the shell (docs/operations.md).
 * Works on the database named by DATABASE_URL or DATABASE_PATH (or `.env`); the server may be
 * running meanwhile.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { closeDatabase, openDatabase, type Db } from '../../db';
import { backupDatabase, LIBSQL_BACKUP_MESSAGE } from '../../db/backup';
import { databaseTarget } from './platform/config';
import { withEnvFile } from './platform/env-file';
import {
  addUser,
  checkPassword,
  disableTotp,
  listUsers,
  removeUser,
  setEmail,
  setPassword,
  userExists,
  usernameTaken,
} from './identity/administrators/manage-users';
import { UserError } from './platform/errors';
import { removeAllPasskeys } from './identity/passkeys/command-line';
import { weakPasswordProblem } from './identity/passwords/password-policy';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it. */
  askHidden(question: string): Promise<string>;
}

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
  '  backup <file>                             online copy of the database; never overwrites',
  'The database is DATABASE_PATH (default data/app.db).',
];

const COMMANDS =
  'add-user, set-password, set-email, disable-totp, remove-user, remove-passkeys, list-users, backup';

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

/** Splits `add-user` arguments: one username and an optional --email. */
function parseAddUser(args: string[]): { username: string; email: string | null } {
  const synopsis = 'add-user <username> [--email <address>]';
  let username: string | undefined;
  let email: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--email') {
      const value = args[++i];
      if (!value) throw usageError(synopsis);
      email = value;
    } else if (arg.startsWith('--email=')) {
      email = arg.slice('--email='.length);
    } else if (!arg.startsWith('--') && username === undefined) {
      username = arg;
    } else {
      throw usageError(synopsis);
    }
  }
  if (!username) throw usageError(synopsis);
  return { username, email };
}

function oneArgument(args: string[], synopsis: string): string {
  const [value, ...rest] = args;
  if (!value || rest.length > 0) throw usageError(synopsis);
  return value;
}

async function run(db: Db, command: string, args: string[], env: Env, io: CliIo): Promise<void> {
  switch (command) {
    case 'add-user': {
      const { username, email } = parseAddUser(args);
      // Refused before the prompt, so nobody types a password for nothing.
      if (await usernameTaken(db, username)) {
        throw new UserError(`user "${username}" already exists`);
      }
      const password = await strongPassword(db, username, await readPassword(env, io));
      await addUser(db, { username, email, password }, new Date());
      io.out(
        email
          ? `user "${username}" added; sign-in codes go to ${email}`
          : `user "${username}" added; signs in with the password alone`,
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
      io.out(`password of "${username}" changed; its sessions were ended`);
      return;
    }
    case 'set-email': {
      if (args.length < 1 || args.length > 2) {
        throw usageError('set-email <username> [<address>]');
      }
      const [username = '', email] = args;
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
      if (args.length > 0) throw usageError('list-users');
      for (const user of await listUsers(db)) io.out(`${user.username} ${user.email ?? '-'}`);
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

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io = terminalIo();
  const env = withEnvFile(process.env, '.env', { ignore: ['ADMIN_PASSWORD'] });
  void main(process.argv.slice(2), env, io).then((code) => {
    io.close();
    process.exitCode = code;
  });
}
