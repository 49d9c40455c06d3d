/**
 * The admin command line (docs/operations.md), run in-process: its commands, prompts, refusals
 * and messages. Its own opening of the database, its writes of several rows at once and its
 * run as a process are in cli-database.test.ts, on both drivers.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { auditEvents, sessions, totpCredentials, twoFactorChallenges, users } from '#db/schema';
import { databaseEnv, startTestSqld, tempFolder } from '#tests/support/database';
import { verifyPassword } from '#server/identity/passwords/passwords';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { issueAccessToken, verifyAccessToken } from '#server/mcp/access-tokens/store';
import { cli, freshCliTarget, inDatabase, storedUsers } from '#tests/support/admin-cli';
import { FIRST_SIGN_IN_SETS_UP } from './cli';

beforeEach(freshCliTarget);

describe('admin command line', () => {
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
