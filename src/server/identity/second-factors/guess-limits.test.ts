/**
 * The authenticator app's limits on guessing, through createCaller with the test clock
 * driven: a day of wrong codes per user at sign-in (with a notice when a sign-in ends after 5
 * wrong codes), and the set-up's first code (5 tries, 15 minutes, Cancel). Codes sent at once
 * are in guess-limits-at-once.test.ts, on both drivers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { totpCredentials } from '#db/schema';
import { totpCodeAt } from '#tests/support/totp';
import { failure } from '#tests/support/trpc-errors';
import { PASSWORD } from '#tests/support/users';
import type { ThrottledError } from '#server/platform/errors';
import { setPassword } from '../users/manage-users';
import {
  NO_TOTP_SETUP,
  TOTP_SETUP_EXPIRED,
  TOTP_SETUP_TOO_MANY_WRONG,
  WRONG_TOTP_CODE,
} from './router';
import {
  aliceWithTotp,
  DAY_MS,
  deps,
  login,
  setUp,
  setUpDeps,
  verify,
  wrongCode,
} from '#tests/support/second-factor-guess-limits-fixtures';

beforeEach(setUpDeps);

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
