import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invitations, sessions, users } from '#db/schema';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { USER_MESSAGES as M } from '#shared/users';
import { verifyPassword } from '../passwords/passwords';
import { setEmail, setPassword } from '../users/manage-users';
import { createLimiter } from '#server/platform/limiter';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { invitationToken } from '#tests/support/invitations';
import { deviceCookieFrom, sessionCookieFrom } from '#tests/support/users';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let token: string;

const NEW_PASSWORD = 'a long new password';

beforeEach(async () => {
  deps = await createTestDeps();
  admin = callerFor(deps, { cookie: await signedInCookie(deps, 'admin') }).caller;
  await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
  token = await invitationToken(deps.mailer as RecordingMailer, 'erin@example.com');
});

/** A browser with no cookie, from another address; `cookie()` is what it holds afterwards. */
function invitee() {
  const { caller, ctx } = callerFor(deps, { ip: '198.51.100.23' });
  return { caller, cookie: () => sessionCookieFrom(ctx.resHeaders) };
}

const isSignedInAs = async (cookie: string | null) =>
  (await callerFor(deps, { cookie: cookie ?? '' }).caller.admin.check()).username;

describe('invitation.check', () => {
  it('names the invited user, and is 404 for a made-up token', async () => {
    const { caller } = invitee();
    expect(await caller.invitation.check({ token })).toEqual({ username: 'erin' });
    const error = await failure(caller.invitation.check({ token: 'x'.repeat(43) }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', M.invitationGone]);
  });

  it('refuses a token of the wrong shape as invalid input', async () => {
    expect(await issuesOf(invitee().caller.invitation.check({ token: 'short' }))).toEqual([
      { path: 'token', message: M.token },
    ]);
  });
});

describe('invitation.accept', () => {
  it('sets the password and signs the new administrator in', async () => {
    const browser = invitee();
    expect(await browser.caller.invitation.accept({ token, password: NEW_PASSWORD })).toEqual({
      success: true,
      username: 'erin',
    });
    expect(await isSignedInAs(browser.cookie())).toBe('erin');
    const row = await deps.db.select().from(users).where(eq(users.username, 'erin')).get();
    expect(await verifyPassword(row?.password ?? '', NEW_PASSWORD)).toBe(true);
    expect(row?.lastSignInAt).toEqual(deps.clock.now());
    expect(await deps.db.select().from(invitations).all()).toEqual([]);
    const listed = await admin.users.list();
    expect(listed.find((u) => u.username === 'erin')?.invited).toBe(false);
  });

  it('sets the device cookie of a full sign-in: the invitee’s browser is then counted on its own', async () => {
    const { caller, ctx } = callerFor(deps, { ip: '198.51.100.23' });
    await caller.invitation.accept({ token, password: NEW_PASSWORD });
    const device = deviceCookieFrom(ctx.resHeaders);
    expect(device).toMatch(/^admin_device=/);
    // Strangers' wrong passwords, each from an address of its own, lock the name for every
    // browser that is not one of erin's (docs/decisions/0030).
    for (let i = 1; i <= 5; i++) {
      const stranger = callerFor(deps, { ip: `192.0.2.${i}` }).caller;
      const error = await failure(stranger.admin.login({ username: 'erin', password: 'a guess' }));
      expect(error.code).toBe('UNAUTHORIZED');
    }
    const unknown = callerFor(deps, { ip: '192.0.2.99' }).caller;
    const locked = await failure(unknown.admin.login({ username: 'erin', password: NEW_PASSWORD }));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    // The browser that accepted the invitation is counted per device: it still signs in.
    const own = callerFor(deps, { cookie: device ?? '', ip: '198.51.100.23' }).caller;
    expect(await own.admin.login({ username: 'erin', password: NEW_PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'email',
    });
  });

  it('works once: the link is 404 afterwards, for check and accept', async () => {
    await invitee().caller.invitation.accept({ token, password: NEW_PASSWORD });
    const again = invitee().caller;
    expect((await failure(again.invitation.check({ token }))).code).toBe('NOT_FOUND');
    const error = await failure(again.invitation.accept({ token, password: 'another password!' }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', M.invitationGone]);
  });

  it('dies when the command line gives the invitee a password or another address', async () => {
    await setPassword(deps.db, 'erin', 'chosen on the command line');
    expect((await failure(invitee().caller.invitation.check({ token }))).code).toBe('NOT_FOUND');

    await admin.users.invite({ username: 'finn', email: 'finn@example.com' });
    const finnToken = await invitationToken(deps.mailer as RecordingMailer, 'finn@example.com');
    await setEmail(deps.db, 'finn', 'finn@elsewhere.example');
    const error = await failure(
      invitee().caller.invitation.accept({ token: finnToken, password: NEW_PASSWORD }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(await deps.db.select().from(invitations).all()).toEqual([]);
  });

  it("ends the session this browser held before (another administrator's)", async () => {
    const adminCookie = await signedInCookie(deps, 'other');
    const { caller } = callerFor(deps, { cookie: adminCookie, ip: '198.51.100.23' });
    await caller.invitation.accept({ token, password: NEW_PASSWORD });
    expect(await isSignedInAs(adminCookie)).toBeNull();
  });

  it('expires after 24 hours on the clock', async () => {
    deps.clock.advance(24 * 60 * 60_000 - 1);
    expect(await invitee().caller.invitation.check({ token })).toEqual({ username: 'erin' });
    deps.clock.advance(1);
    expect((await failure(invitee().caller.invitation.check({ token }))).code).toBe('NOT_FOUND');
    const error = await failure(
      invitee().caller.invitation.accept({ token, password: NEW_PASSWORD }),
    );
    expect(error.code).toBe('NOT_FOUND');
    const row = await deps.db.select().from(users).where(eq(users.username, 'erin')).get();
    expect(row?.password).toBe('');
  });

  it('lets one of two tabs submitting at once join; the other gets the 404', async () => {
    const tabs = [invitee(), invitee()];
    const results = await Promise.allSettled(
      tabs.map((tab, i) =>
        tab.caller.invitation.accept({ token, password: `${NEW_PASSWORD} ${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' && (lost.reason as Error).message).toBe(M.invitationGone);
    const erin = await deps.db.select().from(users).where(eq(users.username, 'erin')).get();
    expect(
      await deps.db.select().from(sessions).where(eq(sessions.userId, erin!.id)).all(),
    ).toHaveLength(1);
  });

  it('checks the token before hashing: a dead link never takes a hashing slot', async () => {
    let hashes = 0;
    const limiter = createLimiter({ concurrency: 1, queue: 0 });
    const counting = {
      waiting: 0,
      run: <T>(fn: () => Promise<T>) => {
        hashes++;
        return limiter.run(fn);
      },
    };
    const { caller } = callerFor({ ...deps, hashLimiter: counting });
    await failure(caller.invitation.accept({ token: 'y'.repeat(43), password: NEW_PASSWORD }));
    expect(hashes).toBe(0);
    await caller.invitation.accept({ token, password: NEW_PASSWORD });
    expect(hashes).toBe(1);
  });

  it('refuses a short password with 400 and keeps the invitation', async () => {
    expect(
      await issuesOf(invitee().caller.invitation.accept({ token, password: 'too short' })),
    ).toEqual([{ path: 'password', message: ACCOUNT_MESSAGES.newPasswordShort }]);
    expect(await deps.db.select().from(invitations).all()).toHaveLength(1);
  });

  it('records user_joined then sign_in, and no entry holds the token or the password', async () => {
    await invitee().caller.invitation.accept({ token, password: NEW_PASSWORD });
    const entries = await auditEntries(deps.db);
    expect(entries.map((e) => [e.action, e.actor, e.target, e.address])).toEqual([
      ['user_invited', 'admin', 'erin', '203.0.113.x'],
      ['user_joined', 'erin', 'erin', '198.51.100.x'],
      ['sign_in', 'erin', 'erin', '198.51.100.x'],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(token);
    expect(text).not.toContain(NEW_PASSWORD);
  });
});
