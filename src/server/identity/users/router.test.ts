import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { beforeEach, describe, expect, it } from 'vitest';
import { invitations, users } from '#db/schema';
import { USER_MESSAGES as M } from '#shared/users';
import { MESSAGES } from '#shared/messages';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { issuedTokenSecret, tokenWorks } from '#tests/support/oauth';
import { invitationToken } from '#tests/support/invitations';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { createMailer } from '#server/platform/mail';
import { tokenHash } from '#server/platform/tokens';

let deps: TestDeps;
let mailer: RecordingMailer;
let admin: Caller;
let adminCookie: string;

beforeEach(async () => {
  deps = await createTestDeps();
  mailer = deps.mailer as RecordingMailer;
  adminCookie = await signedInCookie(deps, 'admin');
  admin = callerFor(deps, { cookie: adminCookie, ip: '203.0.113.7' }).caller;
});

const isSignedIn = async (cookie: string) =>
  (await callerFor(deps, { cookie }).caller.admin.check()).authenticated;

const userRow = (username: string) =>
  deps.db.select().from(users).where(eq(users.username, username)).get();

describe('users.list', () => {
  it('lists everyone with their second factor, invitation state and "you"', async () => {
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    const me = await userRow('admin');
    expect(await admin.users.list()).toEqual([
      {
        id: me!.id,
        username: 'admin',
        email: null,
        secondFactor: 'none',
        passkeys: 0,
        createdAt: '2026-01-15T10:00:00.000Z',
        lastSignInAt: null,
        invited: false,
        current: true,
      },
      expect.objectContaining({
        username: 'erin',
        email: 'erin@example.com',
        secondFactor: 'email',
        invited: true,
        current: false,
      }),
    ]);
  });

  it('is for signed-in administrators only', async () => {
    const error = await failure(callerFor(deps).caller.users.list());
    expect(error.code).toBe('UNAUTHORIZED');
  });
});

describe('users.invite', () => {
  it('creates a user who cannot sign in yet, stores only the hash of the mailed token', async () => {
    const user = await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    expect(user).toMatchObject({ username: 'erin', invited: true, email: 'erin@example.com' });
    expect((await userRow('erin'))?.password).toBe('');
    const token = await invitationToken(mailer, 'erin@example.com');
    const rows = await deps.db.select().from(invitations).all();
    expect(rows).toEqual([
      expect.objectContaining({
        tokenHash: tokenHash(token),
        userId: user.id,
        invitedBy: 'admin',
        expiresAt: new Date(deps.clock.now().getTime() + 24 * 60 * 60_000),
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('mails a text and an HTML part naming the site, the inviter, the link and the expiry', async () => {
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    const token = await invitationToken(mailer, 'erin@example.com');
    const [mail] = mailer.sent;
    const link = `http://localhost/admin/invite?token=${token}`;
    expect(mail?.subject).toMatch(/^You are invited to administer .+/);
    expect(mail?.text).toContain('admin invited you');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('16 January 2026, 10:00 UTC');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('16 January 2026, 10:00 UTC');
    // One link to the invitation (the button and the plain copy name the same address).
    expect(new Set(mail?.html?.match(/token=[\w-]+/g))).toEqual(new Set([`token=${token}`]));
  });

  it('refuses a name taken in any case with 409, and leaves nothing behind', async () => {
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    for (const username of ['erin', 'ERIN', 'Admin']) {
      const error = await failure(admin.users.invite({ username, email: 'x@example.com' }));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(M.taken(username));
    }
    expect(await deps.db.select().from(users).all()).toHaveLength(2);
    expect(await deps.db.select().from(invitations).all()).toHaveLength(1);
  });

  it("treats names differing in any script's letter case or Unicode spelling as one", async () => {
    await admin.users.invite({ username: 'Émile', email: 'emile@example.com' });
    // "é" as e + a combining accent (NFD), and in lower case: the same name.
    for (const username of ['émile', 'E\u0301mile']) {
      expect((await failure(admin.users.invite({ username, email: 'x@example.com' }))).code).toBe(
        'CONFLICT',
      );
    }
    expect((await userRow('Émile'))?.username).toBe('Émile');
  });

  it('refuses invisible characters that would make a look-alike name', async () => {
    for (const username of ['admin\u200b', '\u202eadmin', 'ad\u0000min']) {
      expect(await issuesOf(admin.users.invite({ username, email: 'x@example.com' }))).toEqual([
        { path: 'username', message: M.username },
      ]);
    }
  });

  it('lets one of 20 simultaneous invitations of one name through', async () => {
    const names = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'Sam' : 'sam'));
    const results = await Promise.allSettled(
      names.map((username, i) => admin.users.invite({ username, email: `s${i}@example.com` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await deps.db.select().from(invitations).all()).toHaveLength(1);
  });

  it('checks the username and e-mail with the shared rules', async () => {
    expect(await issuesOf(admin.users.invite({ username: 'two words', email: 'nope' }))).toEqual([
      { path: 'username', message: M.username },
      { path: 'email', message: MESSAGES.email },
    ]);
    expect(
      await issuesOf(admin.users.invite({ username: 'x'.repeat(101), email: 'a@b.co' })),
    ).toEqual([{ path: 'username', message: M.username }]);
  });

  it('answers 503 and stores nothing when mail cannot leave', async () => {
    const noMail = createMailer({
      smtpUrl: null,
      from: 'x@y',
      production: true,
      logger: deps.logger,
    });
    const caller = callerFor({ ...deps, mailer: noMail }, { cookie: adminCookie }).caller;
    const error = await failure(
      caller.users.invite({ username: 'erin', email: 'erin@example.com' }),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await userRow('erin')).toBeUndefined();
  });

  it('records user_invited with the inviter, the name and the masked address', async () => {
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    expect(await auditEntries(deps.db)).toEqual([
      expect.objectContaining({
        action: 'user_invited',
        actor: 'admin',
        target: 'erin',
        address: '203.0.113.x',
      }),
    ]);
  });
});

describe('users.resendInvitation', () => {
  it('replaces the token: the old link stops working, the new one works', async () => {
    const { id } = await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    const first = await invitationToken(mailer, 'erin@example.com');
    deps.clock.advance(25 * 60 * 60_000); // the first link has expired
    // A session of now: the one that invited has ended, and its proof is long past.
    const later = callerFor(deps, { cookie: await signedInCookie(deps, 'admin') }).caller;
    await later.users.resendInvitation({ id });
    const second = await invitationToken(mailer, 'erin@example.com');
    expect(second).not.toBe(first);
    const anonymous = callerFor(deps).caller;
    expect((await failure(anonymous.invitation.check({ token: first }))).code).toBe('NOT_FOUND');
    expect(await anonymous.invitation.check({ token: second })).toEqual({ username: 'erin' });
    expect((await auditEntries(deps.db)).map((e) => e.action)).toEqual([
      'user_invited',
      'user_invited',
    ]);
  });

  it('answers 409 for someone who has joined and 404 for an unknown id', async () => {
    const me = await userRow('admin');
    const joined = await failure(admin.users.resendInvitation({ id: me!.id }));
    expect([joined.code, joined.message]).toEqual(['CONFLICT', M.alreadyJoined]);
    const unknown = await failure(admin.users.resendInvitation({ id: 999 }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', M.notFound]);
  });
});

describe('users.remove', () => {
  it('removes another administrator: their copied cookie stops working at once', async () => {
    const bobCookie = await signedInCookie(deps, 'bob');
    const copy = bobCookie;
    expect(await isSignedIn(copy)).toBe(true);
    const bob = await userRow('bob');
    const token = await issuedTokenSecret(deps.db, bob!.id, deps.clock.now());
    expect(await admin.users.remove({ id: bob!.id })).toEqual({ success: true });
    expect(await isSignedIn(copy)).toBe(false);
    expect(await tokenWorks(deps.db, token, deps.clock.now())).toBe(false);
    expect(await userRow('bob')).toBeUndefined();
    expect(await auditEntries(deps.db)).toEqual([
      expect.objectContaining({
        action: 'user_removed',
        actor: 'admin',
        target: 'bob',
        // The name they had, kept for the log after the row is gone.
        subject: 'bob',
        subjectKind: 'administrator',
        subjectId: bob!.id,
      }),
    ]);
  });

  it('never removes yourself', async () => {
    await signedInCookie(deps, 'bob');
    const me = await userRow('admin');
    const error = await failure(admin.users.remove({ id: me!.id }));
    expect([error.code, error.message]).toEqual(['CONFLICT', M.removeSelf]);
    expect(await isSignedIn(adminCookie)).toBe(true);
  });

  it('removes an invited user; an unknown id is 404', async () => {
    const { id } = await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    expect(await admin.users.remove({ id })).toEqual({ success: true });
    expect(await deps.db.select().from(invitations).all()).toEqual([]);
    const unknown = await failure(admin.users.remove({ id }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', M.notFound]);
  });

  it('never removes the last administrator who can sign in', async () => {
    // A session whose own user has no password (as if it were reset meanwhile): the target
    // is then the only one left who can sign in.
    const ghostCookie = await signedInCookie(deps, 'ghost');
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ password: '' }).where(eq(users.username, 'ghost')),
    );
    const me = await userRow('admin');
    const ghost = callerFor(deps, { cookie: ghostCookie }).caller;
    const error = await failure(ghost.users.remove({ id: me!.id }));
    expect([error.code, error.message]).toEqual(['CONFLICT', M.removeLast]);
    expect(await isSignedIn(adminCookie)).toBe(true);
  });

  it('leaves one of two administrators removing each other at once', async () => {
    const bobCookie = await signedInCookie(deps, 'bob');
    const bobCaller = callerFor(deps, { cookie: bobCookie }).caller;
    const [me, bob] = [await userRow('admin'), await userRow('bob')];
    const results = await Promise.allSettled([
      admin.users.remove({ id: bob!.id }),
      bobCaller.users.remove({ id: me!.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The loser no longer speaks for anyone: its own removal committed first (401), whether
    // its session was read before or after.
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as TRPCError).code).toBe(
      'UNAUTHORIZED',
    );
    const left = await deps.db.select().from(users).all();
    expect(left).toHaveLength(1);
    expect(left[0]?.password).not.toBe('');
  });

  it('never leaves none when 20 removals race among three administrators', async () => {
    const cookies = [
      adminCookie,
      await signedInCookie(deps, 'bob'),
      await signedInCookie(deps, 'cy'),
    ];
    const ids = (await deps.db.select().from(users).all()).map((u) => u.id);
    const calls = Array.from({ length: 20 }, (_, i) => {
      const caller = callerFor(deps, { cookie: cookies[i % 3]! }).caller;
      return caller.users.remove({ id: ids[(i + 1) % 3]! });
    });
    const results = await Promise.allSettled(calls);
    const removed = results.filter((r) => r.status === 'fulfilled').length;
    const left = await deps.db.select().from(users).all();
    expect(left.filter((u) => u.password !== '').length).toBeGreaterThanOrEqual(1);
    expect(left).toHaveLength(3 - removed);
    const entries = await auditEntries(deps.db);
    expect(entries.filter((e) => e.action === 'user_removed')).toHaveLength(removed);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect((r.reason as TRPCError).code).toMatch(/^(UNAUTHORIZED|NOT_FOUND)$/);
      }
    }
  });
});
