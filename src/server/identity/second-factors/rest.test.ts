/** The authenticator app's and recovery codes' REST paths, statuses and bodies (docs/api.md). */
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app/app';
import {
  createRecordingMailer,
  createTestApp,
  type RecordingMailer,
  type TestDeps,
} from '../../../../tests/support/app';
import { answer, rest, UNAUTHORIZED } from '../../../../tests/support/rest';
import { totpCodeAt } from '../../../../tests/support/totp';
import { insertUser, PASSWORD, sessionCookieFrom } from '../../../../tests/support/users';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/second-factor';
import { TOTP_ALREADY_ON, TOTP_NOT_ON, WRONG_TOTP_CODE } from './router';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  await insertUser(deps, 'alice');
});

async function signIn() {
  const res = await rest(app, 'POST', '/api/admin/login', {
    json: { username: 'alice', password: PASSWORD },
  });
  return { res, cookie: sessionCookieFrom(res.headers) ?? '' };
}

describe('/api/account/totp and /api/admin/recovery-code', { timeout: 30_000 }, () => {
  it('answers 401 on every account path without a session, and without a pending sign-in', async () => {
    for (const path of [
      '/api/account/totp/setup',
      '/api/account/totp/enable',
      '/api/account/totp/disable',
      '/api/account/recovery-codes',
    ]) {
      expect(await rest(app, 'POST', path, { json: {} })).toEqual(answer(401, UNAUTHORIZED));
    }
    expect(await rest(app, 'DELETE', '/api/account/totp/setup')).toEqual(answer(401, UNAUTHORIZED));
    const res = await rest(app, 'POST', '/api/admin/recovery-code', {
      json: { code: 'abcde-fghij' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false });
  });

  it('sets up, enables, signs in with the app and a recovery code, regenerates and turns off', async () => {
    const { cookie } = await signIn();
    const as = (path: string, json: unknown, withCookie = cookie) =>
      rest(app, 'POST', path, { json, cookie: withCookie });

    expect(await as('/api/account/totp/setup', {})).toEqual(
      answer(400, {
        success: false,
        message: 'Current password is required',
        issues: [{ path: 'password', message: 'Current password is required' }],
      }),
    );
    expect(await as('/api/account/totp/setup', { password: 'wrong password' })).toEqual(
      answer(401, { success: false, message: 'The password is wrong.' }),
    );
    const setup = await as('/api/account/totp/setup', { password: PASSWORD });
    expect(setup).toEqual(
      answer(200, {
        success: true,
        secret: expect.stringMatching(/^[A-Z2-7]+$/) as string,
        otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//) as string,
      }),
    );
    // DELETE drops the set-up (Cancel); a new one starts afresh.
    expect(await rest(app, 'DELETE', '/api/account/totp/setup', { cookie })).toEqual(
      answer(200, { success: true }),
    );
    expect(
      await as('/api/account/totp/enable', {
        code: await totpCodeAt((setup.body as { secret: string }).secret, deps.clock.now()),
      }),
    ).toMatchObject({ status: 409 });
    const restarted = await as('/api/account/totp/setup', { password: PASSWORD });
    const { secret } = restarted.body as { secret: string };
    expect(await as('/api/account/totp/enable', { code: '12' })).toMatchObject({ status: 400 });
    const wrong = (await totpCodeAt(secret, deps.clock.now())) === '000000' ? '111111' : '000000';
    expect(await as('/api/account/totp/enable', { code: wrong })).toEqual(
      answer(400, { success: false, message: `${WRONG_TOTP_CODE} 4 tries left.` }),
    );
    const enabled = await as('/api/account/totp/enable', {
      code: await totpCodeAt(secret, deps.clock.now()),
    });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = enabled.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(await as('/api/account/totp/setup', { password: PASSWORD })).toEqual(
      answer(409, { success: false, message: TOTP_ALREADY_ON }),
    );
    const account = await rest(app, 'GET', '/api/account', { cookie });
    expect(account.body).toMatchObject({ secondFactor: 'totp', recoveryCodesLeft: 10 });
    const list = await rest(app, 'GET', '/api/users', { cookie });
    expect(list.body).toMatchObject({ users: [{ username: 'alice', secondFactor: 'totp' }] });

    deps.clock.advance(30_000);
    const pending = await signIn();
    expect(pending.res.status).toBe(200);
    expect(pending.res.body).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'totp',
    });
    expect((await rest(app, 'GET', '/api/admin/check', { cookie: pending.cookie })).body).toEqual({
      authenticated: false,
      username: 'alice',
      awaitingTwoFactor: true,
      pendingMethod: 'totp',
      setupRequired: false,
    });
    expect(mailer.sent).toEqual([]);
    const verified = await as(
      '/api/admin/verify-2fa',
      { code: await totpCodeAt(secret, deps.clock.now()) },
      pending.cookie,
    );
    expect(verified).toEqual(answer(200, { success: true }));

    const second = await signIn();
    expect(
      await as('/api/admin/recovery-code', { code: 'not a code' }, second.cookie),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: SECOND_FACTOR_MESSAGES.recoveryCode },
    });
    expect(await as('/api/admin/recovery-code', { code: 'aaaaa-aaaaa' }, second.cookie)).toEqual(
      answer(401, { success: false, message: 'Wrong code. 4 tries left of 5.' }),
    );
    const recovered = await as(
      '/api/admin/recovery-code',
      { code: recoveryCodes[0] },
      second.cookie,
    );
    expect(recovered).toEqual(answer(200, { success: true, recoveryCodesLeft: 9 }));
    const recoveredCookie = sessionCookieFrom(recovered.headers) ?? '';
    expect(
      (await rest(app, 'GET', '/api/admin/check', { cookie: recoveredCookie })).body,
    ).toMatchObject({ authenticated: true, username: 'alice' });

    const regenerated = await as(
      '/api/account/recovery-codes',
      { password: PASSWORD, code: recoveryCodes[1] },
      recoveredCookie,
    );
    expect(regenerated).toEqual(
      answer(200, { success: true, recoveryCodes: expect.any(Array) as string[] }),
    );
    expect(
      await as('/api/account/totp/disable', { password: 'nope nope' }, recoveredCookie),
    ).toEqual(answer(401, { success: false, message: 'The password is wrong.' }));
    const [fresh] = (regenerated.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(
      await as('/api/account/totp/disable', { password: PASSWORD, code: fresh }, recoveredCookie),
    ).toEqual(answer(200, { success: true }));
    expect(await as('/api/account/totp/disable', { password: PASSWORD }, recoveredCookie)).toEqual(
      answer(409, { success: false, message: TOTP_NOT_ON }),
    );
    expect(
      await as('/api/account/recovery-codes', { password: PASSWORD }, recoveredCookie),
    ).toEqual(answer(409, { success: false, message: TOTP_NOT_ON }));
    const after = await signIn();
    expect(after.res.body).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });
  });
});
