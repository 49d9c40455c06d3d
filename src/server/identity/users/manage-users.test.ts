import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { verifyPassword } from '../passwords/passwords';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import {
  addUser,
  ensureInitialAdmin,
  listUsers,
  removeUser,
  setEmail,
  setPassword,
} from './manage-users';
import { UserError } from '#server/platform/errors';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
});

const now = () => deps.clock.now();

async function isSignedIn(cookie: string) {
  return (await callerFor(deps, { cookie }).caller.admin.check()).authenticated;
}

describe('users', () => {
  it('adds a user with a hashed password, lists users by name', async () => {
    await addUser(deps.db, { username: 'zoe', password: 'twelve chars!' }, now());
    await addUser(
      deps.db,
      { username: 'adam', password: 'another password', email: 'adam@example.com' },
      now(),
    );
    expect(await listUsers(deps.db)).toEqual([
      { username: 'adam', email: 'adam@example.com' },
      { username: 'zoe', email: null },
    ]);
    const row = (await deps.db.select().from(users).all()).find((u) => u.username === 'zoe');
    expect(row?.password).not.toContain('twelve');
    expect(await verifyPassword(row?.password ?? '', 'twelve chars!')).toBe(true);
  });

  it('refuses a duplicate, a short password, a bad e-mail and a bad name', async () => {
    await addUser(deps.db, { username: 'alice', password: 'long enough pw' }, now());
    const attempts: [Parameters<typeof addUser>[1], string][] = [
      [{ username: 'alice', password: 'long enough pw' }, 'user "alice" already exists'],
      [{ username: 'bob', password: 'short' }, 'Password must be at least 12 characters'],
      [
        { username: 'bob', password: 'long enough pw', email: 'not-an-address' },
        '"not-an-address" is not a valid e-mail address',
      ],
      [{ username: 'two words', password: 'long enough pw' }, 'username must be 1 to 100'],
    ];
    for (const [input, message] of attempts) {
      const error = await addUser(deps.db, input, now()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toContain(message);
    }
    expect(await listUsers(deps.db)).toHaveLength(1);
  });

  it('ends older sessions when the password changes', async () => {
    await addUser(deps.db, { username: 'admin', password: 'first password' }, now());
    const cookie = await signedInCookie(deps, 'admin');
    const other = await signedInCookie(deps, 'admin');
    expect(await isSignedIn(cookie)).toBe(true);
    await setPassword(deps.db, 'admin', 'second password');
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    const row = await deps.db.select().from(users).get();
    expect(await verifyPassword(row?.password ?? '', 'second password')).toBe(true);
  });

  it("leaves other users' sessions alone", async () => {
    await addUser(deps.db, { username: 'admin', password: 'first password' }, now());
    const mine = await signedInCookie(deps, 'admin');
    const theirs = await signedInCookie(deps, 'someone');
    await setPassword(deps.db, 'admin', 'second password');
    expect(await isSignedIn(mine)).toBe(false);
    expect(await isSignedIn(theirs)).toBe(true);
  });

  it('ends sessions when the user is removed', async () => {
    await addUser(deps.db, { username: 'admin', password: 'first password' }, now());
    const cookie = await signedInCookie(deps, 'admin');
    await removeUser(deps.db, 'admin');
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await deps.db.select().from(sessions).all()).toEqual([]);
    expect(await listUsers(deps.db)).toEqual([]);
  });

  it('sets and clears the e-mail', async () => {
    await addUser(deps.db, { username: 'admin', password: 'first password' }, now());
    await setEmail(deps.db, 'admin', 'admin@example.com');
    expect(await listUsers(deps.db)).toEqual([{ username: 'admin', email: 'admin@example.com' }]);
    await setEmail(deps.db, 'admin', null);
    expect(await listUsers(deps.db)).toEqual([{ username: 'admin', email: null }]);
  });

  it('ends the sessions of a user whose second factor is turned on or off', async () => {
    await addUser(deps.db, { username: 'admin', password: 'first password' }, now());
    const before = await signedInCookie(deps, 'admin');
    const theirs = await signedInCookie(deps, 'someone');
    await setEmail(deps.db, 'admin', 'admin@example.com');
    expect(await isSignedIn(before)).toBe(false);
    const during = await signedInCookie(deps, 'admin');
    await setEmail(deps.db, 'admin', null);
    expect(await isSignedIn(during)).toBe(false);
    expect(await isSignedIn(theirs)).toBe(true);
  });

  it('names a missing user', async () => {
    await expect(removeUser(deps.db, 'ghost')).rejects.toThrow('user "ghost" does not exist');
    await expect(setEmail(deps.db, 'ghost', null)).rejects.toThrow('user "ghost" does not exist');
    await expect(setPassword(deps.db, 'ghost', 'long enough pw')).rejects.toThrow(
      'user "ghost" does not exist',
    );
  });

  it('creates the initial admin only while no user exists', async () => {
    const initial = { username: 'root', password: 'initial password', email: null };
    expect(await ensureInitialAdmin(deps.db, initial, now())).toBe('root');
    expect(await ensureInitialAdmin(deps.db, { ...initial, username: 'second' }, now())).toBeNull();
    expect(await ensureInitialAdmin(deps.db, null, now())).toBeNull();
    expect((await listUsers(deps.db)).map((u) => u.username)).toEqual(['root']);
    // The audit log says where it came from, apart from the command line's additions.
    await addUser(deps.db, { username: 'later', password: 'initial password' }, now());
    const joined = (await auditEntries(deps.db)).filter((e) => e.action === 'user_joined');
    expect(
      joined.map(({ target, actor, address, via }) => ({ target, actor, address, via })),
    ).toEqual([
      { target: 'root', actor: null, address: null, via: 'server_start' },
      { target: 'later', actor: null, address: null, via: 'command_line' },
    ]);
  });
});
