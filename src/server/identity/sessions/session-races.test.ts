/**
 * A password change or removal racing a login in flight, and a login replacing the session
 * the browser already holds. The race is made deterministic by injecting a hashing limiter
 * that runs the change at the moment the login's password check is admitted, that is after
 * the login read the user's row and before it starts a session.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, twoFactorChallenges } from '#db/schema';
import { removeUser, setEmail, setPassword } from '../users/manage-users';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import type { Limiter } from '#server/platform/limiter';

const BUDGET_MS = 20_000;

let deps: TestDeps;
let mailer: RecordingMailer;

/** A limiter that lets `meanwhile` happen just before the login's password check runs. */
function changingBeforeCheck(meanwhile: () => Promise<void> | void): Limiter {
  return {
    waiting: 0,
    async run(fn) {
      await meanwhile();
      return fn();
    },
  };
}

async function setup(hashLimiter?: Limiter) {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer, hashLimiter });
}

beforeEach(() => setup());

async function login(username: string, cookie?: string) {
  const { caller, ctx } = callerFor(deps, { cookie });
  const result = await caller.admin.login({ username, password: PASSWORD });
  return { result, cookie: sessionCookieFrom(ctx.resHeaders) ?? '' };
}

async function isSignedIn(cookie: string): Promise<boolean> {
  return (await callerFor(deps, { cookie }).caller.admin.check()).authenticated;
}

describe('a login in flight', () => {
  it(
    'starts no session when the password changes while it is checked',
    async () => {
      await setup(changingBeforeCheck(() => setPassword(deps.db, 'alice', 'a brand new password')));
      await insertUser(deps, 'alice');
      const error = await failure(login('alice'));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe('Invalid username or password');
      expect(await deps.db.select().from(sessions).all()).toEqual([]);
      expect(deps.logger.lines.join('\n')).toContain('user changed during sign-in');
    },
    BUDGET_MS,
  );

  it(
    'starts no session when the user is removed while it is checked',
    async () => {
      await setup(changingBeforeCheck(() => removeUser(deps.db, 'alice')));
      await insertUser(deps, 'alice');
      expect((await failure(login('alice'))).code).toBe('UNAUTHORIZED');
      expect(await deps.db.select().from(sessions).all()).toEqual([]);
    },
    BUDGET_MS,
  );

  it(
    'sends no code when the password changes while it is checked',
    async () => {
      await setup(changingBeforeCheck(() => setPassword(deps.db, 'erin', 'a brand new password')));
      await insertUser(deps, 'erin', 'erin@example.com');
      expect((await failure(login('erin'))).code).toBe('UNAUTHORIZED');
      expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
      expect(mailer.sent).toEqual([]);
    },
    BUDGET_MS,
  );

  it(
    'starts no session without a code when the second factor is turned on while it is checked',
    async () => {
      await setup(changingBeforeCheck(() => setEmail(deps.db, 'alice', 'alice@example.com')));
      await insertUser(deps, 'alice');
      expect((await failure(login('alice'))).code).toBe('UNAUTHORIZED');
      expect(await deps.db.select().from(sessions).all()).toEqual([]);
      expect(await deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
    },
    BUDGET_MS,
  );

  it(
    'mails no code to the old address when the e-mail changes while it is checked',
    async () => {
      await setup(changingBeforeCheck(() => setEmail(deps.db, 'erin', 'new@example.com')));
      await insertUser(deps, 'erin', 'erin@example.com');
      expect((await failure(login('erin'))).code).toBe('UNAUTHORIZED');
      expect(mailer.sent).toEqual([]);
    },
    BUDGET_MS,
  );

  it(
    'cannot finish with a code once the password changed after the code was sent',
    async () => {
      await insertUser(deps, 'erin', 'erin@example.com');
      const pending = await login('erin');
      const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
      await setPassword(deps.db, 'erin', 'a brand new password');
      const error = await failure(
        callerFor(deps, { cookie: pending.cookie }).caller.admin.verifyCode({ code }),
      );
      expect(error.code).toBe('UNAUTHORIZED');
      expect(await deps.db.select().from(sessions).all()).toEqual([]);
    },
    BUDGET_MS,
  );
});

describe('logging in while holding a session', () => {
  it(
    'ends the old session: its row is deleted and its cookie stops working',
    async () => {
      await insertUser(deps, 'alice');
      const first = await login('alice');
      const [oldRow] = await deps.db.select().from(sessions).all();
      const second = await login('alice', first.cookie);
      const rows = await deps.db.select().from(sessions).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).not.toBe(oldRow?.id);
      expect(await isSignedIn(first.cookie)).toBe(false);
      expect(await isSignedIn(second.cookie)).toBe(true);
    },
    BUDGET_MS,
  );

  it(
    'ends it also when the new login waits for a code',
    async () => {
      await insertUser(deps, 'alice');
      await insertUser(deps, 'erin', 'erin@example.com');
      const signedIn = await login('alice');
      const pending = await login('erin', signedIn.cookie);
      expect(pending.result.requiresTwoFactor).toBe(true);
      expect(await deps.db.select().from(sessions).all()).toEqual([]);
      expect(await isSignedIn(signedIn.cookie)).toBe(false);
    },
    BUDGET_MS,
  );
});
