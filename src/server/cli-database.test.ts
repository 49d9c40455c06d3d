/**
 * The admin command line's own opening of the database (docs/operations.md): a first install's
 * database created and migrated by the CLI, its writes that go as one (passkeys and sessions,
 * the authenticator app with its codes and sessions), and the CLI run as a process. The
 * driver opens and writes, so this runs on both (vite.config.ts, SQLD_TESTS); the commands'
 * other rules are in cli.test.ts.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { auditEvents, passkeys, recoveryCodes, sessions, totpCredentials, users } from '#db/schema';
import { verifyPassword } from '#server/identity/passwords/passwords';
import { cli, env, freshCliTarget, inDatabase, storedUsers } from '#tests/support/admin-cli';

beforeEach(freshCliTarget);

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
