/**
 * Only a password judged wrong keeps its counted place and, for a sign-in, leaves a
 * `sign_in_failed` entry (written when judged, never before the hash); any other refusal,
 * even a 401, frees the place (docs/decisions/0004).
 */
import { TRPCError } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, throttleEvents } from '#db/schema';
import { setPassword } from '../users/manage-users';
import { callerFor, createTestDeps, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import { hashingAfter } from '#tests/support/hash-limiter';
import { settledPasswordCheck, WrongPasswordError } from '../ways-in/login-throttle';
import { DEVICE_FAILURES, LOGIN_FAILURES } from '../ways-in/throttle-rules';
import { signedOut } from '../sessions/session';

let deps: TestDeps;

const events = async () =>
  (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket).sort();
const actions = async () => (await deps.db.select().from(auditEvents).all()).map((e) => e.action);

describe('settledPasswordCheck', () => {
  beforeEach(async () => {
    deps = await createTestDeps();
  });

  const attempt = {
    buckets: [
      { bucket: 'login-fail:test:a', rule: LOGIN_FAILURES },
      { bucket: 'login-fail:devices-of-user:test', rule: DEVICE_FAILURES },
    ],
    clearedBySuccess: null,
  };
  const check = (settled: () => Promise<{ ok: false; error: unknown }>) =>
    settledPasswordCheck(callerFor(deps).ctx, attempt, settled);

  it('keeps the place of a WrongPasswordError only', async () => {
    await check(async () => ({ ok: false, error: new WrongPasswordError('wrong') }));
    expect(await events()).toEqual(['login-fail:devices-of-user:test', 'login-fail:test:a']);
  });

  it('frees it for any other 401 (a session gone meanwhile) and for other errors', async () => {
    await check(async () => ({ ok: false, error: signedOut() }));
    await check(async () => ({
      ok: false,
      error: new TRPCError({ code: 'UNAUTHORIZED', message: 'x' }),
    }));
    await check(async () => ({ ok: false, error: new TRPCError({ code: 'CONFLICT' }) }));
    expect(await events()).toEqual([]);
  });

  it('frees it when the check itself throws', async () => {
    await expect(check(() => Promise.reject(new Error('the check broke')))).rejects.toThrow(
      'the check broke',
    );
    expect(await events()).toEqual([]);
  });
});

describe('a sign-in', { timeout: 30_000 }, () => {
  it('writes no sign_in_failed before the hash, and one after a wrong password', async () => {
    const seen: string[][] = [];
    deps = await createTestDeps({
      hashLimiter: hashingAfter(async () => {
        seen.push(await actions());
      }),
    });
    await insertUser(deps, 'alice');
    const login = (password: string) =>
      callerFor(deps).caller.admin.login({ username: 'alice', password });
    expect((await failure(login('not the password'))).code).toBe('UNAUTHORIZED');
    expect(await login(PASSWORD)).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });
    // While each hash waited, nothing had been recorded for that attempt yet.
    expect(seen).toEqual([[], ['sign_in_failed']]);
    expect(await actions()).toEqual(['sign_in_failed', 'sign_in']);
  });

  it('that loses the race with a password change is neither counted nor audited as wrong', async () => {
    deps = await createTestDeps({
      hashLimiter: hashingAfter(async () => {
        await setPassword(deps.db, 'alice', 'a brand new password');
      }),
    });
    await insertUser(deps, 'alice');
    const error = await failure(
      callerFor(deps).caller.admin.login({ username: 'alice', password: PASSWORD }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error).not.toBeInstanceOf(WrongPasswordError);
    expect(await events()).toEqual([]);
    expect(await actions()).toEqual(['password_changed']);
  });
});
