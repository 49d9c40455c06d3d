import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type DatabaseTarget, type Db } from '#db';
import {
  auditEvents,
  passkeys,
  recoveryCodes,
  sessions,
  totpCredentials,
  twoFactorChallenges,
  users,
} from '#db/schema';
import {
  databaseEnv,
  freshDatabaseTarget,
  startTestSqld,
  tempFolder,
} from '#tests/support/database';
import { verifyPassword } from '#server/identity/passwords/passwords';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { issueAccessToken, verifyAccessToken } from '#server/mcp/access-tokens/store';
import { FIRST_SIGN_IN_SETS_UP, main, type CliIo } from './cli';

let target: DatabaseTarget;
let env: Record<string, string>;

beforeEach(async () => {
  const fresh = await freshDatabaseTarget();
  // A file in a folder that does not exist yet: the CLI creates it, as on a first install.
  target =
    'file' in fresh ? { file: path.join(path.dirname(fresh.file), 'data', 'app.db') } : fresh;
  env = databaseEnv(target);
});

/** Runs the CLI in-process; `answers` are typed at the hidden prompts in order. */
async function cli(argv: string[], extraEnv: Record<string, string> = {}, answers: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    askHidden: async (question) => {
      prompts.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('unexpected prompt');
      return answer;
    },
  };
  const code = await main(argv, { ...env, ...extraEnv }, io);
  return { code, out, err, prompts };
}

/** Runs fn on the CLI's database, opened for it and closed after, as the CLI does. */
async function inDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(target);
  try {
    return await fn(db);
  } finally {
    await closeDatabase(db);
  }
}

const storedUsers = () => inDatabase(async (db) => db.select().from(users).all());

describe('admin command line', () => {
  it('adds a user with the password from ADMIN_PASSWORD and lists users', async () => {
    const added = await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    expect(added).toMatchObject({ code: 0, err: [], prompts: [] });
    const withEmail = await cli(['add-user', 'bob', '--email', 'bob@example.com'], {
      ADMIN_PASSWORD: 'another long one',
    });
    expect(withEmail.code).toBe(0);
    const inline = await cli(['add-user', '--email=cole@example.com', 'cole'], {
      ADMIN_PASSWORD: 'yet another long one',
    });
    expect(inline).toMatchObject({
      code: 0,
      out: ['user "cole" added; sign-in codes go to cole@example.com'],
    });
    const listed = await cli(['list-users']);
    expect(listed).toMatchObject({ code: 0, err: [] });
    expect(listed.out).toEqual(['alice -', 'bob bob@example.com', 'cole cole@example.com']);
    const alice = (await storedUsers()).find((u) => u.username === 'alice');
    expect(await verifyPassword(alice?.password ?? '', 'a long password')).toBe(true);
  });

  it('says, in production, that a user added without an address sets up a second factor first', async () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a long password' };
    expect((await cli(['add-user', 'dana'], production)).out).toEqual([
      `user "dana" added; ${FIRST_SIGN_IN_SETS_UP}`,
    ]);
    expect(
      (await cli(['add-user', 'erin', '--email', 'erin@example.com'], production)).out,
    ).toEqual(['user "erin" added; sign-in codes go to erin@example.com']);
    // In development the password alone signs in fully, as it says.
    expect((await cli(['add-user', 'finn'], { ADMIN_PASSWORD: 'a long password' })).out).toEqual([
      'user "finn" added; signs in with the password alone',
    ]);
  });

  it('asks for the password twice without ADMIN_PASSWORD', async () => {
    const result = await cli(['add-user', 'carol'], {}, ['typed password', 'typed password']);
    expect(result.code).toBe(0);
    expect(result.prompts).toHaveLength(2);
    const carol = (await storedUsers())[0];
    expect(await verifyPassword(carol?.password ?? '', 'typed password')).toBe(true);
  });

  it('refuses two different passwords', async () => {
    const result = await cli(['add-user', 'carol'], {}, ['typed password', 'other password']);
    expect(result).toMatchObject({ code: 1, err: ['the two passwords do not match'] });
    expect(await storedUsers()).toEqual([]);
  });

  it('refuses a duplicate with one line on stderr and exit 1', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    const again = await cli(['add-user', 'alice'], {}, []);
    expect(again).toMatchObject({
      code: 1,
      out: [],
      err: ['user "alice" already exists'],
      prompts: [],
    });
  });

  it('refuses a password shorter than 12 characters', async () => {
    const fromEnv = await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'eleven char' });
    expect(fromEnv).toMatchObject({ code: 1, err: ['Password must be at least 12 characters'] });
    const typed = await cli(['add-user', 'alice'], {}, ['short']);
    expect(typed).toMatchObject({ code: 1, err: ['Password must be at least 12 characters'] });
    expect(typed.prompts).toHaveLength(1);
    expect(await storedUsers()).toEqual([]);
  });

  it('refuses a common or guessable password for add-user and set-password, before storing anything', async () => {
    for (const [password, message] of [
      ['123456789012', 'This password is one of the most common ones: choose another'],
      ['aaaaaaaaaaaa', 'This password is too easy to guess'],
      ['passwordpassword', 'This password is too easy to guess'],
      ['alice-the-admin', 'The password must not contain your username'],
      ['we are acme ai!', 'The password must not contain the company’s name'],
      // A keyboard walk: zxcvbn's score under 3, in zxcvbn's own words.
      ['qwertyuiopasdf', 'This is similar to a commonly used password.'],
    ]) {
      const refused = await cli(['add-user', 'alice'], { ADMIN_PASSWORD: password ?? '' });
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([expect.stringContaining(message ?? '')]);
    }
    expect(await storedUsers()).toEqual([]);
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    const typed = await cli(['set-password', 'alice'], {}, ['Password1234', 'Password1234']);
    expect(typed).toMatchObject({
      code: 1,
      err: ['This password is one of the most common ones: choose another'],
    });
    expect(await verifyPassword((await storedUsers())[0]?.password ?? '', 'a long password')).toBe(
      true,
    );
  });

  it('refuses a bad e-mail address', async () => {
    const result = await cli(['add-user', 'alice', '--email', 'nope'], {
      ADMIN_PASSWORD: 'a long password',
    });
    expect(result).toMatchObject({ code: 1, err: ['"nope" is not a valid e-mail address'] });
  });

  it('removes a user', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    expect((await cli(['remove-user', 'alice'])).code).toBe(0);
    expect((await cli(['list-users'])).out).toEqual([]);
    expect(await cli(['remove-user', 'alice'])).toMatchObject({
      code: 1,
      err: ['user "alice" does not exist'],
    });
  });

  it("removes all of a user's passkeys and ends the user's sessions in the same write", async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    await cli(['add-user', 'bob'], { ADMIN_PASSWORD: 'a long password' });
    const now = new Date();
    await inDatabase(async (db) => {
      const [alice, bob] = await db.select().from(users).orderBy(users.username).all();
      const key = (userId: number, n: number) => ({
        userId,
        credentialId: `credential-${userId}-${n}`,
        publicKey: 'key',
        name: `Key ${n}`,
      });
      const session = (id: string, userId: number) => ({
        id,
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
        lastSeenAt: now,
      });
      await writeTransaction(db, async (tx) => {
        await tx
          .insert(passkeys)
          .values([key(alice?.id ?? 0, 1), key(alice?.id ?? 0, 2), key(bob?.id ?? 0, 1)]);
        // A session a stolen passkey started must end with it.
        await tx
          .insert(sessions)
          .values([session('alice-sid', alice?.id ?? 0), session('bob-sid', bob?.id ?? 0)]);
      });
    });
    expect(await cli(['remove-passkeys', 'alice'])).toMatchObject({
      code: 0,
      out: ['2 passkeys of "alice" removed; its sessions were ended'],
    });
    expect((await cli(['remove-passkeys', 'alice'])).out).toEqual([
      '0 passkeys of "alice" removed; its sessions were ended',
    ]);
    expect((await cli(['remove-passkeys', 'ghost'])).err).toEqual(['user "ghost" does not exist']);
    await inDatabase(async (after) => {
      expect((await after.select().from(passkeys).all()).map((p) => p.credentialId)).toEqual([
        expect.stringMatching(/^credential-\d+-1$/),
      ]);
      expect((await after.select().from(sessions).all()).map((s) => s.id)).toEqual(['bob-sid']);
      expect(
        (await after.select().from(auditEvents).all())
          .filter((e) => e.action === 'passkey_removed')
          .map((e) => e.target),
      ).toEqual(['all passkeys of alice']);
    });
  });

  it('sets and clears the e-mail', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    expect((await cli(['set-email', 'alice', 'alice@example.com'])).code).toBe(0);
    expect((await cli(['list-users'])).out).toEqual(['alice alice@example.com']);
    expect((await cli(['set-email', 'alice'])).code).toBe(0);
    expect((await cli(['list-users'])).out).toEqual(['alice -']);
    expect((await cli(['set-email', 'ghost', 'g@example.com'])).err).toEqual([
      'user "ghost" does not exist',
    ]);
  });

  it('turns an authenticator app off with disable-totp: codes, sessions and the app go', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    const now = new Date();
    await inDatabase(async (db) => {
      const alice = await db.select().from(users).where(eq(users.username, 'alice')).get();
      const userId = alice?.id ?? 0;
      await writeTransaction(db, async (tx) => {
        await tx
          .insert(totpCredentials)
          .values({ userId, secret: 'v1.sealed', enabledAt: now, createdAt: now });
        await tx.insert(recoveryCodes).values({ userId, codeHash: 'ab', createdAt: now });
        await tx.insert(sessions).values({
          id: 'sid',
          userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 60_000),
          lastSeenAt: now,
        });
      });
    });
    const result = await cli(['disable-totp', 'alice']);
    expect(result).toMatchObject({
      code: 0,
      err: [],
      out: [
        'authenticator app of "alice" turned off, recovery codes deleted; its sessions were ended',
      ],
    });
    await inDatabase(async (after) => {
      expect(await after.select().from(totpCredentials).all()).toEqual([]);
      expect(await after.select().from(recoveryCodes).all()).toEqual([]);
      expect(await after.select().from(sessions).all()).toEqual([]);
      const entries = await after.select().from(auditEvents).all();
      expect(entries.at(-1)).toMatchObject({
        action: 'totp_disabled',
        actor: null,
        target: 'alice',
      });
    });
    expect((await cli(['disable-totp', 'alice'])).out).toEqual([
      '"alice" had no authenticator app on; nothing changed',
    ]);
    expect((await cli(['disable-totp', 'ghost'])).err).toEqual(['user "ghost" does not exist']);
  });

  it('leaves sessions and pending sign-ins alone with disable-totp when the app was off', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    const now = new Date();
    await inDatabase(async (db) => {
      const alice = await db.select().from(users).where(eq(users.username, 'alice')).get();
      const userId = alice?.id ?? 0;
      await writeTransaction(db, async (tx) => {
        // A set-up never confirmed: the app is not on.
        await tx
          .insert(totpCredentials)
          .values({ userId, secret: 'v1.sealed', enabledAt: null, createdAt: now });
        await tx.insert(sessions).values({
          id: 'sid',
          userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 60_000),
          lastSeenAt: now,
        });
        await tx.insert(twoFactorChallenges).values({
          id: 'challenge',
          userId,
          codeHash: 'ab',
          createdAt: now,
          expiresAt: new Date(now.getTime() + 60_000),
        });
      });
    });
    expect((await cli(['disable-totp', 'alice'])).out).toEqual([
      '"alice" had no authenticator app on; nothing changed',
    ]);
    await inDatabase(async (after) => {
      expect(await after.select({ id: sessions.id }).from(sessions).all()).toEqual([{ id: 'sid' }]);
      expect(
        await after.select({ id: twoFactorChallenges.id }).from(twoFactorChallenges).all(),
      ).toEqual([{ id: 'challenge' }]);
      expect((await after.select().from(auditEvents).all()).map((e) => e.action)).not.toContain(
        'totp_disabled',
      );
    });
  });

  it('sets the password from ADMIN_PASSWORD or the prompt', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    expect((await cli(['set-password', 'alice'], { ADMIN_PASSWORD: 'second password' })).code).toBe(
      0,
    );
    expect(await verifyPassword((await storedUsers())[0]?.password ?? '', 'second password')).toBe(
      true,
    );
    const typed = await cli(['set-password', 'alice'], {}, ['third password', 'third password']);
    expect(typed.code).toBe(0);
    expect(await verifyPassword((await storedUsers())[0]?.password ?? '', 'third password')).toBe(
      true,
    );
    expect(await cli(['set-password', 'ghost'])).toMatchObject({
      code: 1,
      err: ['user "ghost" does not exist'],
      prompts: [],
    });
  });

  it.each([
    [[], 'missing command'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['add-user'], 'usage: npm run admin -- add-user <username> [--email <address>]'],
    [['add-user', 'a', '--email'], 'usage:'],
    [['remove-user'], 'usage: npm run admin -- remove-user <username>'],
    [['remove-passkeys'], 'usage: npm run admin -- remove-passkeys <username>'],
    [['set-email'], 'usage: npm run admin -- set-email <username> [<address>]'],
    [['disable-totp'], 'usage: npm run admin -- disable-totp <username>'],
    [
      ['add-user', 'a', '--frobnicate'],
      'usage: npm run admin -- add-user <username> [--email <address>]',
    ],
    [['add-user', 'a', 'b'], 'usage: npm run admin -- add-user <username> [--email <address>]'],
    [
      ['add-user', 'a', '--email', ''],
      'usage: npm run admin -- add-user <username> [--email <address>]',
    ],
    [['add-user', '--', 'a'], 'usage: npm run admin -- add-user <username> [--email <address>]'],
    [['set-password', 'a', 'b'], 'usage: npm run admin -- set-password <username>'],
    [['set-email', 'a', 'b', 'c'], 'usage: npm run admin -- set-email <username> [<address>]'],
    [['remove-user', '--force'], 'usage: npm run admin -- remove-user <username>'],
    [['remove-user', 'a', '--force'], 'usage: npm run admin -- remove-user <username>'],
    [['list-users', '--all'], 'usage: npm run admin -- list-users'],
    [['tokens'], 'usage: npm run admin -- tokens <username>'],
    [['revoke-tokens', 'a', 'b'], 'usage: npm run admin -- revoke-tokens <username>'],
  ])('answers %j with one line on stderr and exit 1', async (argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain(message);
  });

  it('lists and revokes access tokens (tokens, revoke-tokens); a new password ends them too', async () => {
    await cli(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    const issue = (name: string) =>
      inDatabase(async (db) => {
        const alice = (await db.select().from(users).get())!;
        return writeTransaction(db, (tx) =>
          issueAccessToken(tx, {
            administratorId: alice.id,
            name,
            scopes: ['leads:read', 'content:read'],
            expiresAt: new Date('2099-01-02T03:04:05.000Z'),
            now: new Date('2026-01-15T10:00:00.000Z'),
          }),
        );
      });
    await issue('Claude Desktop');
    await issue('Cursor');
    expect(await cli(['tokens', 'alice'])).toMatchObject({
      code: 0,
      out: [
        'Cursor\tleads:read,content:read\texpires 2099-01-02T03:04:05.000Z\tnever used',
        'Claude Desktop\tleads:read,content:read\texpires 2099-01-02T03:04:05.000Z\tnever used',
      ],
    });
    expect(await cli(['revoke-tokens', 'alice'])).toMatchObject({
      code: 0,
      out: ['2 access tokens of "alice" revoked'],
    });
    expect((await cli(['tokens', 'alice'])).out).toEqual([]);
    expect((await cli(['revoke-tokens', 'alice'])).out).toEqual([
      '0 access tokens of "alice" revoked',
    ]);
    expect(await cli(['tokens', 'ghost'])).toMatchObject({
      code: 1,
      err: ['user "ghost" does not exist'],
    });

    // A new password from the command line ends every token of the user.
    const { secret } = await issue('Claude Code');
    expect(
      await cli(['set-password', 'alice'], { ADMIN_PASSWORD: 'second password' }),
    ).toMatchObject({
      out: ['password of "alice" changed; its sessions and access tokens were ended'],
    });
    expect(
      await inDatabase((db) => verifyAccessToken(db, secret, new Date('2026-01-16'))),
    ).toBeNull();
  });

  it('refuses a backup of a libSQL server (DATABASE_URL) with exit 1, creating no file', async () => {
    const sqld = await startTestSqld();
    const file = path.join(tempFolder(), 'copy.db');
    const result = await cli(['backup', file], databaseEnv({ url: sqld.url }));
    expect(result).toMatchObject({ code: 1, out: [], err: [LIBSQL_BACKUP_MESSAGE] });
    expect(existsSync(file)).toBe(false);
  });

  it('prints its usage for help', async () => {
    const result = await cli(['help']);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toContain('add-user <username> [--email <address>]');
    expect(result.out.join('\n')).toContain('disable-totp <username>');
  });
});

describe('admin command line as a process', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const run = (args: string[], extraEnv: Record<string, string> = {}, input = '') =>
    spawnSync(tsx, ['src/server/cli.ts', ...args], {
      env: { ...process.env, ...env, ADMIN_PASSWORD: '', ...extraEnv },
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('reads piped passwords, exits 0, then 1 with one stderr line for a duplicate', () => {
    const added = run(['add-user', 'alice'], {}, 'piped password\npiped password\n');
    expect(added.stderr).not.toContain('piped password');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('user "alice" added');

    const duplicate = run(['add-user', 'alice'], { ADMIN_PASSWORD: 'a long password' });
    expect(duplicate.status).toBe(1);
    expect(duplicate.stdout).toBe('');
    expect(duplicate.stderr).toBe('user "alice" already exists\n');
  }, 60_000);
});
