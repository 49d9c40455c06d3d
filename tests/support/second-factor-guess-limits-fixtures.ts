/**
 * What the authenticator app's guessing tests share
 * (src/server/identity/second-factors/guess-limits.test.ts, guess-limits-at-once.test.ts): alice
 * with the app on, signing in and sending codes, or in the middle of the app's set-up. `deps` and
 * `mailer` are live bindings, set by `setUpDeps`.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { users } from '#db/schema';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { enableTotpFor, passwordSession, totpCodeAt } from '#tests/support/totp';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';

const STEP_MS = 30_000;
export const DAY_MS = 24 * 60 * 60_000;

export let deps: TestDeps;
export let mailer: RecordingMailer;

/** Each test's `beforeEach`. */
export async function setUpDeps(): Promise<void> {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
}

export async function login() {
  const { caller, ctx } = callerFor(deps);
  const result = await caller.admin.login({ username: 'alice', password: PASSWORD });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

export const verify = (cookie: string, code: string) =>
  callerFor(deps, { cookie }).caller.admin.verifyCode({ code });

/** alice with the app on and an address for notices; the clock a step past the set-up. */
export async function aliceWithTotp() {
  const alice = await insertUser(deps, 'alice');
  const enabled = await enableTotpFor(deps, await passwordSession(deps, 'alice'));
  await writeTransaction(deps.db, (tx) =>
    tx.update(users).set({ email: 'alice@example.com' }).where(eq(users.id, alice.id)),
  );
  deps.clock.advance(STEP_MS);
  return { ...enabled, userId: alice.id };
}

/** A 6-digit code that is not the app's for any step near now. */
export async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all(
    [-1, 0, 1].map((s) => totpCodeAt(secret, new Date(deps.clock.now().getTime() + s * STEP_MS))),
  );
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) ?? '444444';
}

/** alice signed in with her password, an authenticator app's set-up begun. */
export async function setUp() {
  await insertUser(deps, 'alice');
  const cookie = await passwordSession(deps, 'alice');
  const { caller } = callerFor(deps, { cookie });
  const { secret } = await caller.secondFactor.totpSetup({ password: PASSWORD });
  return { caller, secret };
}
