/**
 * A user whose only second factor is a passkey (no e-mail address, no authenticator app): the
 * right password starts nothing, in production and development alike, and answers that the
 * passkey is the next step; the passkey's own sign-in is the whole sign-in (docs/accounts.md).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, throttleEvents, twoFactorChallenges } from '#db/schema';
import { writeTransaction } from '#db';
import { createApp } from '#server/app/app';
import { createLimiter } from '#server/platform/limiter';
import { mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { hashingAfter } from '#tests/support/hash-limiter';
import { addPasskey, finishSignIn, startSignIn } from '#tests/support/passkeys';
import { rest } from '#tests/support/rest';
import { enableTotpFor } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import type { SoftwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { INVALID_CREDENTIALS, SIGN_IN_BUSY } from './router';

const THROTTLED = 'Too many failed sign-in attempts. Try again in 15 minutes.';
const PASSKEY_STEP = { success: true, requiresTwoFactor: true, method: 'passkey' };

let deps: TestDeps;
let mailer: RecordingMailer;
/** Run before each password hash, when set (a change made while a sign-in is under way). */
let beforeHash: (() => Promise<void>) | null;

async function start(production: boolean) {
  mailer = createRecordingMailer();
  beforeHash = null;
  deps = await createTestDeps({
    mailer,
    config: testConfig({ production }),
    hashLimiter: hashingAfter(
      async () => {
        const hook = beforeHash;
        beforeHash = null;
        await hook?.();
      },
      createLimiter({ concurrency: 2, queue: 40 }),
    ),
  });
}

/** The user's passkey, added in a session of their own that is then ended (no rows left). */
async function withPasskey(username: string): Promise<SoftwareAuthenticator> {
  const { authenticator } = await addPasskey(deps, await signedInCookie(deps, username));
  await writeTransaction(deps.db, (tx) => tx.delete(sessions));
  return authenticator;
}

const sessionRows = () => deps.db.select().from(sessions).all();
const pendingRows = () => deps.db.select().from(twoFactorChallenges).all();

/** A login as a browser without cookies; answers the result and the response's headers. */
async function login(password: string, username = 'pat') {
  const { caller, ctx } = callerFor(deps);
  const result = await caller.admin.login({ username, password });
  return { result, headers: ctx.resHeaders };
}

describe.each([
  ['production', true],
  ['development', false],
])('in %s, a user whose only second factor is a passkey', (_mode, production) => {
  beforeEach(async () => {
    await start(production);
    await insertUser(deps, 'pat');
  });

  it('gets the passkey step for the right password: no session, no pending sign-in, no mail', async () => {
    const authenticator = await withPasskey('pat');
    const { result, headers } = await login(PASSWORD);
    expect(result).toEqual(PASSKEY_STEP);
    expect(sessionCookieFrom(headers)).toBeNull();
    expect(await sessionRows()).toEqual([]);
    expect(await pendingRows()).toEqual([]);
    expect(await callerFor(deps).caller.admin.check()).toMatchObject({
      authenticated: false,
      awaitingTwoFactor: false,
      username: null,
    });
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);

    // The passkey then signs in, fully (never to the set-up only: a passkey is a factor).
    const { options, ceremony } = await startSignIn(deps);
    const { call, ctx } = finishSignIn(deps, authenticator.assert(options), ceremony);
    expect(await call).toEqual({ success: true });
    const cookie = sessionCookieFrom(ctx.resHeaders) ?? '';
    expect(await callerFor(deps, { cookie }).caller.admin.check()).toMatchObject({
      authenticated: true,
      username: 'pat',
      setupRequired: false,
    });
  });

  it('gets the same 401 for a wrong password, counted; a right one counts as right', async () => {
    await withPasskey('pat');
    for (let i = 0; i < 4; i++) {
      const error = await failure(login('wrong guess'));
      expect([error.code, error.message]).toEqual(['UNAUTHORIZED', INVALID_CREDENTIALS]);
    }
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(8);
    // The right password forgives the name's failures (the address keeps its 4).
    expect((await login(PASSWORD)).result).toEqual(PASSKEY_STEP);
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(4);
    // A fifth wrong one is judged and counted; then the address is at its limit.
    const fifth = await failure(login('wrong guess'));
    expect(fifth.message).toBe(INVALID_CREDENTIALS);
    const refused = await failure(login(PASSWORD));
    expect([refused.code, refused.message]).toEqual(['TOO_MANY_REQUESTS', THROTTLED]);
    expect(await sessionRows()).toEqual([]);
  });

  it('is never signed in by 20 right passwords at once', { timeout: 60_000 }, async () => {
    await withPasskey('pat');
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => login(PASSWORD).then(({ result }) => result)),
    );
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value).toEqual(PASSKEY_STEP);
      // The throttle's places are taken before the hash (a right password frees its own
      // afterwards), and a full hashing queue: the only other answers.
      else {
        expect([THROTTLED, SIGN_IN_BUSY]).toContain((answer.reason as Error).message);
      }
    }
    expect(answers.some((a) => a.status === 'fulfilled')).toBe(true);
    expect(await sessionRows()).toEqual([]);
    expect(await pendingRows()).toEqual([]);
  });

  it('is not signed in by the password when the passkey is added while it is checked', async () => {
    // The login read no factor at all; the passkey came while the hash ran.
    beforeHash = async () => {
      await withPasskey('pat');
    };
    const error = await failure(login(PASSWORD));
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', INVALID_CREDENTIALS]);
    expect(await sessionRows()).toEqual([]);
    // The next try asks for the passkey.
    expect((await login(PASSWORD)).result).toEqual(PASSKEY_STEP);
  });
});

describe('a user with a passkey and another second factor', () => {
  beforeEach(() => start(false));

  it('is still asked for the e-mailed code when an address is on file', async () => {
    await insertUser(deps, 'pat', 'pat@example.com');
    await withPasskey('pat');
    const { result, headers } = await login(PASSWORD);
    expect(result).toEqual({ success: true, requiresTwoFactor: true, method: 'email' });
    expect(sessionCookieFrom(headers)).toEqual(expect.any(String));
    expect(await pendingRows()).toHaveLength(1);
    await mailsSettled(mailer);
    expect(mailer.sent.map((m) => m.to)).toContain('pat@example.com');
  });

  it('is still asked for the app’s code when the app is on', async () => {
    await insertUser(deps, 'pat');
    await enableTotpFor(deps, await signedInCookie(deps, 'pat'));
    await withPasskey('pat');
    const { result } = await login(PASSWORD);
    expect(result).toEqual({ success: true, requiresTwoFactor: true, method: 'totp' });
    expect(await sessionRows()).toEqual([]);
  });
});

describe('REST POST /api/admin/login, for a passkey-only user', () => {
  beforeEach(() => start(true));

  it('answers 200 with the passkey step and sets no session cookie; a wrong password 401', async () => {
    await insertUser(deps, 'pat');
    await withPasskey('pat');
    const app = createApp(deps);
    const right = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'pat', password: PASSWORD },
    });
    expect([right.status, right.body]).toEqual([200, PASSKEY_STEP]);
    expect(sessionCookieFrom(right.headers)).toBeNull();
    const wrong = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'pat', password: 'wrong guess' },
    });
    expect([wrong.status, wrong.body]).toEqual([
      401,
      { success: false, message: INVALID_CREDENTIALS },
    ]);
    expect(await sessionRows()).toEqual([]);
  });
});
