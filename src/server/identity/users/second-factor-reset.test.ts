import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  passkeys,
  recoveryCodes,
  sessions,
  throttleEvents,
  totpCredentials,
  twoFactorChallenges,
} from '#db/schema';
import { USER_MESSAGES as M } from '#shared/users';
import { WRONG_PASSWORD } from '../recent-proof/prove-password';
import { WrongPasswordError } from '../ways-in/login-throttle';
import { signedOut } from '../sessions/session';
import { codesSentBucket } from '../second-factors/two-factor';
import { wrongCodesBucket } from '../ways-in/login-throttle';
import { ThrottledError } from '#server/platform/errors';
import { createLimiter } from '#server/platform/limiter';
import { mailsSettled } from '#server/platform/mail';
import { setPassword } from './manage-users';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { hashingAfter } from '#tests/support/hash-limiter';
import { addPasskey } from '#tests/support/passkeys';
import { enableTotpFor, totpCodeAt } from '#tests/support/totp';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';

let deps: TestDeps;
let mailer: RecordingMailer;
let adminCookie: string;
let erinId: number;
/** Run just before each password hash (a test's change made while the check is under way). */
let beforeHash: () => Promise<void>;

beforeEach(async () => {
  mailer = createRecordingMailer();
  beforeHash = async () => {};
  // Room for 20 password checks at once: the concurrency test is about the write, not the
  // hashing queue's 503 (identity/account/router.test.ts tests that).
  deps = await createTestDeps({
    mailer,
    hashLimiter: hashingAfter(() => beforeHash(), createLimiter({ concurrency: 2, queue: 40 })),
  });
  await insertUser(deps, 'admin');
  erinId = (await insertUser(deps, 'erin', 'erin@example.com')).id;
  adminCookie = await signedInCookie(deps, 'admin');
});

const as = (cookie: string, ip = '203.0.113.7') => callerFor(deps, { cookie, ip }).caller;
const reset = (id: number, password = PASSWORD, cookie = adminCookie, ip?: string) =>
  as(cookie, ip).users.resetSecondFactor({ id, password });
const isSignedIn = async (cookie: string) =>
  (await callerFor(deps, { cookie }).caller.admin.check()).authenticated;
const rowsOf = async (userId: number) => ({
  app: await deps.db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)),
  codes: await deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  keys: await deps.db.select().from(passkeys).where(eq(passkeys.userId, userId)),
  sessions: await deps.db.select().from(sessions).where(eq(sessions.userId, userId)),
  pending: await deps.db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.userId, userId)),
});
const NOTHING = { app: [], codes: [], keys: [], sessions: [], pending: [] };

/** Erin with the app on (10 recovery codes), two passkeys and a live session; her cookie. */
async function erinWithEverything() {
  const cookie = await signedInCookie(deps, 'erin');
  await enableTotpFor(deps, cookie);
  await addPasskey(deps, cookie, 'Phone');
  await addPasskey(deps, cookie, 'Laptop');
  return cookie;
}

/** A sign-in by Erin waiting for her app's code; answers its cookie. */
async function erinHalfwaySignedIn() {
  const { caller, ctx } = callerFor(deps, { ip: '198.51.100.9' });
  expect(await caller.admin.login({ username: 'erin', password: PASSWORD })).toMatchObject({
    requiresTwoFactor: true,
    method: 'totp',
  });
  return sessionCookieFrom(ctx.resHeaders) ?? '';
}

describe('users.resetSecondFactor', () => {
  it('removes the app, recovery codes and passkeys, ends every session and pending sign-in, audits it', async () => {
    const erinCookie = await erinWithEverything();
    const pendingCookie = await erinHalfwaySignedIn();
    const before = await rowsOf(erinId);
    expect([before.app.length, before.codes.length, before.keys.length]).toEqual([1, 10, 2]);
    expect(before.pending).toHaveLength(1);

    const answer = await reset(erinId);
    expect(answer).toEqual({
      success: true,
      user: expect.objectContaining({
        id: erinId,
        username: 'erin',
        secondFactor: 'email',
        passkeys: 0,
        current: false,
      }),
    });
    expect(await rowsOf(erinId)).toEqual(NOTHING);
    // Her old cookie and her half-finished sign-in are refused from now on.
    expect(await isSignedIn(erinCookie)).toBe(false);
    const late = await failure(as(pendingCookie).admin.verifyCode({ code: '123456' }));
    expect(late.code).toBe('UNAUTHORIZED');
    // The one who reset stays signed in.
    expect(await isSignedIn(adminCookie)).toBe(true);
    expect((await auditEntries(deps.db)).at(-1)).toMatchObject({
      action: 'second_factor_reset',
      actor: 'admin',
      target: 'erin',
      address: '203.0.113.x',
    });
    // The list agrees with the answer.
    const listed = (await as(adminCookie).users.list()).find((user) => user.id === erinId);
    expect(listed).toEqual(answer.user);

    // Her next sign-in: the password, then the code e-mailed to her address.
    await mailsSettled(mailer);
    const { caller, ctx } = callerFor(deps, { ip: '198.51.100.9' });
    expect(await caller.admin.login({ username: 'erin', password: PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'email',
    });
    await mailsSettled(mailer);
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    const verify = callerFor(deps, { cookie: sessionCookieFrom(ctx.resHeaders) ?? '' });
    await verify.caller.admin.verifyCode({ code });
    expect(await isSignedIn(sessionCookieFrom(verify.ctx.resHeaders) ?? '')).toBe(true);
  });

  it('lets someone without an address back in with the password alone', async () => {
    const sam = await insertUser(deps, 'sam');
    await addPasskey(deps, await signedInCookie(deps, 'sam'));
    // The others were told of sam's first factor (first-factor-notice.test.ts): not this test's.
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    expect((await reset(sam.id)).user).toMatchObject({ secondFactor: 'none', passkeys: 0 });
    const { caller } = callerFor(deps, { ip: '198.51.100.9' });
    expect(await caller.admin.login({ username: 'sam', password: PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);
  });

  it('mails the target who did it, when, and what to do next', async () => {
    await erinWithEverything();
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    await reset(erinId);
    await mailsSettled(mailer);
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['erin@example.com', 'Your second factor was reset'],
    ]);
    const text = mailer.sent[0]?.text ?? '';
    expect(text).toContain('The administrator admin reset your second factor');
    expect(text).toContain('your recovery codes and passkeys are deleted');
    expect(text).toContain('signed out everywhere');
    expect(text).toContain('needs your password and a code e-mailed to this address');
    expect(text).toContain('again on the Account page');
    expect(text).toContain('When: Thursday 15 January 2026, 10:00 UTC');
    expect(text).toContain('If you did not ask for this, contact admin');
    expect(text).toContain(
      'Another administrator can press "Remove" beside admin on Administrators',
    );
    expect(mailer.sent[0]?.html).toContain('Your second factor was reset');
  });

  it('resets passkeys alone (the app never set up)', async () => {
    await addPasskey(deps, await signedInCookie(deps, 'erin'));
    expect((await reset(erinId)).user).toMatchObject({ secondFactor: 'email', passkeys: 0 });
    expect(await rowsOf(erinId)).toEqual(NOTHING);
  });

  it('refuses yourself with 409, pointing to the Account screen, and changes nothing', async () => {
    const me = await signedInCookie(deps, 'admin');
    await addPasskey(deps, me);
    const adminId = (await as(me).users.list()).find((user) => user.current)?.id ?? 0;
    const error = await failure(reset(adminId, PASSWORD, me));
    expect([error.code, error.message]).toEqual(['CONFLICT', M.resetSelf]);
    expect(error.message).toContain('Account screen');
    expect((await rowsOf(adminId)).keys).toHaveLength(1);
    expect(await isSignedIn(me)).toBe(true);
  });

  it('checks your password first, then answers 404 for an unknown id', async () => {
    const wrong = await failure(reset(9999, 'not my password'));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', WRONG_PASSWORD]);
    const unknown = await failure(reset(9999));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', M.notFound]);
    // The same message as removing an unknown administrator.
    const removed = await failure(as(adminCookie).users.remove({ id: 9999 }));
    expect(removed.message).toBe(unknown.message);
  });

  it('of 10 wrong passwords sent at once, 5 are judged 401 and 5 refused 429; nothing changes', async () => {
    const erinCookie = await erinWithEverything();
    // Each try is counted before its hash: the sixth and later never reach a password check.
    const tries = await Promise.allSettled(
      Array.from({ length: 10 }, () => reset(erinId, 'not my password')),
    );
    const refusals = tries.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals).toHaveLength(10);
    const judged = refusals.filter((e) => e instanceof WrongPasswordError);
    expect(judged.map((e) => e.message)).toEqual(Array(5).fill(WRONG_PASSWORD));
    const capped = refusals.filter((e) => e instanceof ThrottledError);
    expect(capped).toHaveLength(5);
    // Past the cap, the right password is refused too.
    const throttled = await failure(reset(erinId));
    expect(throttled).toBeInstanceOf(ThrottledError);
    expect((throttled as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    // A wrong password is no sign the session ended, and nothing was reset.
    expect(await isSignedIn(adminCookie)).toBe(true);
    expect(await isSignedIn(erinCookie)).toBe(true);
    const left = await rowsOf(erinId);
    expect([left.app.length, left.codes.length, left.keys.length]).toEqual([1, 10, 2]);
    expect((await auditEntries(deps.db)).map((e) => e.action)).not.toContain('second_factor_reset');
  });

  it.each([
    [
      'Sign out everywhere from another browser',
      async () => {
        await as(await signedInCookie(deps, 'admin')).account.endOtherSessions();
      },
    ],
    [
      'a new password set on the command line',
      () => setPassword(deps.db, 'admin', 'a brand new password'),
    ],
  ])(
    'answers 401 and removes nothing when your session ends meanwhile (%s)',
    async (_, endMySession) => {
      const erinCookie = await erinWithEverything();
      beforeHash = async () => {
        beforeHash = async () => {};
        await endMySession();
      };
      const error = await failure(reset(erinId));
      expect([error.code, error.message]).toEqual(['UNAUTHORIZED', signedOut().message]);
      expect(error).not.toBeInstanceOf(WrongPasswordError);
      const left = await rowsOf(erinId);
      expect([left.app.length, left.codes.length, left.keys.length]).toEqual([1, 10, 2]);
      expect(await isSignedIn(erinCookie)).toBe(true);
      expect((await auditEntries(deps.db)).map((e) => e.action)).not.toContain(
        'second_factor_reset',
      );
      await mailsSettled(mailer);
      expect(mailer.sent.map((mail) => mail.subject)).not.toContain('Your second factor was reset');
    },
  );

  it('of two administrators resetting each other at once, exactly one succeeds', async () => {
    const erinCookie = await signedInCookie(deps, 'erin');
    await addPasskey(deps, erinCookie);
    await addPasskey(deps, adminCookie);
    const adminId = (await as(adminCookie).users.list()).find((user) => user.current)?.id ?? 0;
    // Both passwords are checked before either write: both hashes wait until both arrived.
    let arrived = 0;
    let release = () => {};
    const together = new Promise<void>((resolve) => (release = resolve));
    beforeHash = () => {
      if (++arrived === 2) release();
      return together;
    };
    const results = await Promise.allSettled([
      reset(erinId, PASSWORD, adminCookie),
      reset(adminId, PASSWORD, erinCookie, '198.51.100.20'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused[0]).toMatchObject({ code: 'UNAUTHORIZED', message: signedOut().message });
    // The winner kept their passkey and session; the loser lost both.
    const winnerIsAdmin = results[0]?.status === 'fulfilled';
    const [winner, loser] = winnerIsAdmin ? [adminId, erinId] : [erinId, adminId];
    expect((await rowsOf(winner)).keys).toHaveLength(1);
    expect((await rowsOf(winner)).sessions).toHaveLength(1);
    expect((await rowsOf(loser)).keys).toHaveLength(0);
    expect((await rowsOf(loser)).sessions).toHaveLength(0);
    const entries = (await auditEntries(deps.db)).filter((e) => e.action === 'second_factor_reset');
    expect(entries).toHaveLength(1);
  });

  it('forgets the sign-in attempts her app counted: the next sign-in is not refused', async () => {
    const { secret } = await enableTotpFor(deps, await signedInCookie(deps, 'erin'));
    const right = await totpCodeAt(secret, deps.clock.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const login = () =>
      callerFor(deps, { ip: '198.51.100.9' }).caller.admin.login({
        username: 'erin',
        password: PASSWORD,
      });
    // Five tries at the code step, each with a wrong code: the sign-in cap is spent.
    for (let i = 0; i < 5; i++) {
      const { caller, ctx } = callerFor(deps, { ip: '198.51.100.9' });
      await caller.admin.login({ username: 'erin', password: PASSWORD });
      const pending = callerFor(deps, { cookie: sessionCookieFrom(ctx.resHeaders) ?? '' });
      expect((await failure(pending.caller.admin.verifyCode({ code: wrong }))).code).toBe(
        'UNAUTHORIZED',
      );
    }
    expect(await failure(login())).toBeInstanceOf(ThrottledError);

    await reset(erinId);
    const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
    expect(buckets).not.toContain(codesSentBucket(erinId));
    expect(buckets).not.toContain(wrongCodesBucket(erinId));
    expect(await login()).toEqual({ success: true, requiresTwoFactor: true, method: 'email' });
  });

  it('refuses a target with nothing to reset with 409, ending nothing', async () => {
    const erinCookie = await signedInCookie(deps, 'erin');
    // A set-up never confirmed is not an app that is on; it stays too.
    await as(erinCookie).secondFactor.totpSetup({ password: PASSWORD });
    const error = await failure(reset(erinId));
    expect([error.code, error.message]).toEqual(['CONFLICT', M.nothingToReset('erin')]);
    expect(await isSignedIn(erinCookie)).toBe(true);
    expect((await rowsOf(erinId)).app).toHaveLength(1);
    expect((await auditEntries(deps.db)).map((e) => e.action)).not.toContain('second_factor_reset');
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);
  });

  it(
    'of 20 resets sent at once with the right password, one resets and 19 find nothing',
    {
      timeout: 60_000,
    },
    async () => {
      await erinWithEverything();
      await mailsSettled(mailer);
      mailer.sent.length = 0;
      // 20 browsers of the administrator (each session and address has its own throttle).
      const cookies = await Promise.all(
        Array.from({ length: 20 }, () => signedInCookie(deps, 'admin')),
      );
      const results = await Promise.allSettled(
        cookies.map((cookie, i) => reset(erinId, PASSWORD, cookie, `198.51.100.${i + 1}`)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ code: 'CONFLICT', message: M.nothingToReset('erin') });
      }
      expect(await rowsOf(erinId)).toEqual(NOTHING);
      const entries = (await auditEntries(deps.db)).filter(
        (e) => e.action === 'second_factor_reset',
      );
      expect(entries).toHaveLength(1);
      await mailsSettled(mailer);
      expect(mailer.sent).toHaveLength(1);
    },
  );

  it('answers 400 for bad input and 401 when signed out', async () => {
    expect(
      await issuesOf(as(adminCookie).users.resetSecondFactor({ id: erinId, password: '' })),
    ).toEqual([{ path: 'password', message: expect.any(String) }]);
    expect(
      await issuesOf(as(adminCookie).users.resetSecondFactor({ id: 'abc', password: PASSWORD })),
    ).toEqual([{ path: 'id', message: expect.any(String) }]);
    const out = await failure(
      callerFor(deps).caller.users.resetSecondFactor({ id: erinId, password: PASSWORD }),
    );
    expect(out.code).toBe('UNAUTHORIZED');
  });
});

describe('users.list', () => {
  it('counts each administrator’s passkeys', async () => {
    const erinCookie = await signedInCookie(deps, 'erin');
    await addPasskey(deps, erinCookie, 'Phone');
    await addPasskey(deps, erinCookie, 'Laptop');
    await addPasskey(deps, adminCookie, 'Key');
    const list = await as(adminCookie).users.list();
    expect(list.map((user) => [user.username, user.passkeys])).toEqual([
      ['admin', 1],
      ['erin', 2],
    ]);
  });
});
