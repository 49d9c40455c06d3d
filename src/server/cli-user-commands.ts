/**
 * The user commands of `npm run admin` (docs/operations.md): add, change and remove users,
 * their second factors, passkeys and tokens, and the online copy of the database.
 */
import { parseArgs } from 'node:util';
import type { Db } from '#db';
import { backupDatabase } from '#db/backup';
import { UNVERIFIED_COPY } from '#server/backups/command-line';
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
import type { CliIo } from './cli-terminal';

type Env = Record<string, string | undefined>;

/** The server's own test (platform/config.ts): the command line acts for the same server. */
const production = (env: Env) => env.NODE_ENV === 'production';

/**
 * In production a user without an address is signed in to setting up a second factor and
 * nothing else (docs/accounts.md): the command line says so rather than "the password alone".
 */
export const FIRST_SIGN_IN_SETS_UP =
  'the first sign-in must set up a second factor (the authenticator app, a passkey or an e-mail address) before anything else';

/** Every command, the backup ones (backups/command-line.ts) included: named when one is wrong. */
export const COMMANDS =
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

/** Runs one of the commands above on the open database; an unknown one is a UserError. */
export async function runUserCommand(
  db: Db,
  command: string,
  args: string[],
  env: Env,
  io: CliIo,
): Promise<void> {
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
      io.out(UNVERIFIED_COPY);
      return;
    }
    default:
      throw new UserError(`unknown command "${command}" (${COMMANDS})`);
  }
}
