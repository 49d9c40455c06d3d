/**
 * The authenticator app's limits on guessing, through createCaller with the test clock
 * driven: a day of wrong codes per user at sign-in (with a notice when a sign-in ends after 5
 * wrong codes), and the set-up's first code (5 tries, 15 minutes, Cancel).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { throttleEvents, totpCredentials, users } from '#db/schema';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { enableTotpFor, passwordSession, totpCodeAt } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import type { ThrottledError } from '#server/platform/errors';
import { mailsSettled } from '#server/platform/mail';
import { setPassword } from '../users/manage-users';
import {
  NO_TOTP_SETUP,
  TOTP_SETUP_EXPIRED,
  TOTP_SETUP_TOO_MANY_WRONG,
  WRONG_TOTP_CODE,
} from './router';

const STEP_MS = 30_000;
const DAY_MS = 24 * 60 * 60_000;

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

async function login() {
  const { caller, ctx } = callerFor(deps);
  const result = await caller.admin.login({ username: 'alice', password: PASSWORD });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

const verify = (cookie: string, code: string) =>
  callerFor(deps, { cookie }).caller.admin.verifyCode({ code });

/** alice with the app on and an address for notices; the clock a step past the set-up. */
async function aliceWithTotp() {
  const alice = await insertUser(deps, 'alice');
  const enabled = await enableTotpFor(deps, await passwordSession(deps, 'alice'));
  await writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ email: 'alice@example.com' }).where(eq(users.id, alice.id)),
  );
  deps.clock.advance(STEP_MS);
  return { ...enabled, userId: alice.id };
}

/** A 6-digit code that is not the app's for any step near now. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all(
    [-1, 0, 1].map((s) => totpCodeAt(secret, new Date(deps.clock.now().getTime() + s * STEP_MS))),
  );
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) ?? '444444';
}

describe('a day of wrong codes at sign-in', { timeout: 60_000 }, () => {
  it('refuses the 21st wrong code in a day, and login meanwhile (429), until 24 h have passed', async () => {
    const { secret } = await aliceWithTotp();
    const wrong = await wrongCode(secret);
    // Three sign-ins end after 5 wrong codes each (15), then one takes 4 (19).
    for (let i = 0; i < 3; i++) {
      const { cookie } = await login();
      for (let n = 0; n < 5; n++)
        expect((await failure(verify(cookie, wrong))).code).toBe('UNAUTHORIZED');
      deps.clock.advance(15 * 60_000); // past the cap of 5 sign-ins per 15 minutes
    }
    const fourth = await login();
    for (let n = 0; n < 4; n++) await failure(verify(fourth.cookie, wrong));
    // A new sign-in (the fourth's challenge ends): its first wrong code is the 20th.
    const fifth = await login();
    expect(await failure(verify(fifth.cookie, wrong))).toMatchObject({ code: 'UNAUTHORIZED' });
    const started = deps.clock.now().getTime();
    // The 21st code is not judged: refused even when it is the app's right code.
    const refused = await failure(verify(fifth.cookie, await totpCodeAt(secret, deps.clock.now())));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    const blocked = await failure(login());
    expect(blocked.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.message).not.toContain('codes were requested');
    // The oldest wrong code (the first sign-in's) frees the first place.
    const wait = (blocked as ThrottledError).retryAfterSeconds;
    expect(wait).toBeGreaterThan(DAY_MS / 1000 - 2 * 60 * 60);
    expect(wait).toBeLessThanOrEqual(DAY_MS / 1000);
    deps.clock.advance(wait * 1000 - 60_000);
    expect((await failure(login())).code).toBe('TOO_MANY_REQUESTS');
    deps.clock.advance(60_000);
    expect((await login()).result).toMatchObject({ method: 'totp' });
    // A day after the last wrong codes, all 20 places are free again.
    deps.clock.set(new Date(started + DAY_MS + 1000));
    const next = await login();
    expect(next.result).toMatchObject({ method: 'totp' });
    expect(await verify(next.cookie, await totpCodeAt(secret, deps.clock.now()))).toEqual({
      success: true,
    });
  });

  it('holds when 20 wrong codes arrive at once near the limit', async () => {
    const { secret, userId } = await aliceWithTotp();
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 3; i++) {
      const { cookie } = await login();
      for (let n = 0; n < 5; n++) await failure(verify(cookie, wrong));
      deps.clock.advance(15 * 60_000);
    }
    const fourth = await login();
    for (let n = 0; n < 3; n++) await failure(verify(fourth.cookie, wrong));
    const last = await login();
    // 18 counted: 2 places left, and this challenge has all its 5 tries.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => verify(last.cookie, wrong)),
    );
    const codes = answers.map((a) =>
      a.status === 'rejected' ? (a.reason as ThrottledError).code : 'ok',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(2);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(18);
    const counted = await deps.db
      .select()
      .from(throttleEvents)
      .where(eq(throttleEvents.bucket, `wrong-codes:user:${userId}`))
      .all();
    expect(counted).toHaveLength(20);
  });

  it('tells the address once when a sign-in ends after 5 wrong codes; not for fewer', async () => {
    const { secret } = await aliceWithTotp();
    const sent = mailer.sent.length;
    const wrong = await wrongCode(secret);
    const first = await login();
    for (let n = 0; n < 4; n++) await failure(verify(first.cookie, wrong));
    const second = await login();
    await Promise.allSettled(Array.from({ length: 8 }, () => verify(second.cookie, wrong)));
    await expect.poll(() => mailer.sent.length).toBe(sent + 1);
    expect(mailer.sent.at(-1)).toMatchObject({
      to: 'alice@example.com',
      subject: 'Someone tried codes to sign in to your account',
      text: expect.stringContaining('Someone who knows your password tried codes') as string,
    });
    // The next sign-in's right code sends nothing more of the kind.
    const third = await login();
    await verify(third.cookie, await totpCodeAt(secret, deps.clock.now()));
    await mailsSettled(mailer);
    expect(mailer.sent.filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(1);
  });

  it('is lifted by the command line’s new password', async () => {
    const { secret } = await aliceWithTotp();
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 4; i++) {
      const { cookie } = await login();
      for (let n = 0; n < 5; n++) await failure(verify(cookie, wrong));
      deps.clock.advance(15 * 60_000);
    }
    expect((await failure(login())).code).toBe('TOO_MANY_REQUESTS');
    await setPassword(deps.db, 'alice', PASSWORD);
    expect((await login()).result).toMatchObject({ method: 'totp' });
  });
});

describe('the set-up’s first code', () => {
  async function setUp() {
    await insertUser(deps, 'alice');
    const cookie = await passwordSession(deps, 'alice');
    const { caller } = callerFor(deps, { cookie });
    const { secret } = await caller.secondFactor.totpSetup({ password: PASSWORD });
    return { caller, secret };
  }

  it('allows 4 wrong codes, then the fifth drops the set-up (400: start again)', async () => {
    const { caller, secret } = await setUp();
    const wrong = await wrongCode(secret);
    for (let left = 4; left >= 1; left--) {
      expect(await failure(caller.secondFactor.totpEnable({ code: wrong }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: `${WRONG_TOTP_CODE} ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      });
    }
    expect(await failure(caller.secondFactor.totpEnable({ code: wrong }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TOTP_SETUP_TOO_MANY_WRONG,
    });
    expect(await deps.db.select().from(totpCredentials).all()).toEqual([]);
    const right = await totpCodeAt(secret, deps.clock.now());
    expect(await failure(caller.secondFactor.totpEnable({ code: right }))).toMatchObject({
      code: 'CONFLICT',
      message: NO_TOTP_SETUP,
    });
    // A new set-up has 5 tries of its own.
    const again = await caller.secondFactor.totpSetup({ password: PASSWORD });
    expect(await failure(caller.secondFactor.totpEnable({ code: wrong }))).toMatchObject({
      message: `${WRONG_TOTP_CODE} 4 tries left.`,
    });
    const code = await totpCodeAt(again.secret, deps.clock.now());
    expect((await caller.secondFactor.totpEnable({ code })).recoveryCodes).toHaveLength(10);
  });

  it('counts 20 wrong codes sent at once as 5 at most', async () => {
    const { caller, secret } = await setUp();
    const wrong = await wrongCode(secret);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => caller.secondFactor.totpEnable({ code: wrong })),
    );
    const messages = answers.map((a) => (a.status === 'rejected' ? String(a.reason) : 'ok'));
    expect(messages.filter((m) => m.includes(TOTP_SETUP_TOO_MANY_WRONG))).toHaveLength(1);
    expect(messages.filter((m) => m.includes(NO_TOTP_SETUP))).toHaveLength(15);
  });

  it('refuses a set-up older than 15 minutes', async () => {
    const { caller, secret } = await setUp();
    deps.clock.advance(15 * 60_000);
    const code = await totpCodeAt(secret, deps.clock.now());
    expect(await failure(caller.secondFactor.totpEnable({ code }))).toMatchObject({
      code: 'CONFLICT',
      message: TOTP_SETUP_EXPIRED,
    });
    expect(await deps.db.select().from(totpCredentials).all()).toEqual([]);
  });

  it('refuses a code of a set-up replaced by a newer one', async () => {
    const { caller, secret } = await setUp();
    const newer = await caller.secondFactor.totpSetup({ password: PASSWORD });
    expect(newer.secret).not.toBe(secret);
    const old = await totpCodeAt(secret, deps.clock.now());
    expect((await failure(caller.secondFactor.totpEnable({ code: old }))).code).toBe('BAD_REQUEST');
    const code = await totpCodeAt(newer.secret, deps.clock.now());
    expect((await caller.secondFactor.totpEnable({ code })).recoveryCodes).toHaveLength(10);
  });

  it('is dropped by Cancel, which leaves an app that is on alone', async () => {
    const { caller, secret } = await setUp();
    expect(await caller.secondFactor.totpCancelSetup()).toEqual({ success: true });
    expect(await deps.db.select().from(totpCredentials).all()).toEqual([]);
    const code = await totpCodeAt(secret, deps.clock.now());
    expect((await failure(caller.secondFactor.totpEnable({ code }))).code).toBe('CONFLICT');
    const again = await caller.secondFactor.totpSetup({ password: PASSWORD });
    await caller.secondFactor.totpEnable({
      code: await totpCodeAt(again.secret, deps.clock.now()),
    });
    expect(await caller.secondFactor.totpCancelSetup()).toEqual({ success: true });
    expect((await caller.account.get()).secondFactor).toBe('totp');
  });
});
