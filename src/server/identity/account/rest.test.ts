import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app/app';
import {
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '../../../../tests/support/app';
import { answer, rest, UNAUTHORIZED } from '../../../../tests/support/rest';
import {
  cookiePayload,
  insertUser,
  PASSWORD,
  sessionCookieFrom,
} from '../../../../tests/support/users';
import { ACCOUNT_MESSAGES } from '../../../shared/account';
import { publicSessionId } from '../sessions/session-list';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let cookie: string;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  await insertUser(deps, 'alice');
  cookie = await signedInCookie(deps, 'alice');
});

const asAlice = (method: string, path: string, json?: unknown) =>
  rest(app, method, path, { cookie, json });

async function publicIdOf(someCookie: string) {
  const payload = await cookiePayload(deps, someCookie);
  if (!payload || !('sid' in payload)) throw new Error('not a session cookie');
  return publicSessionId(payload.sid);
}

describe('/api/account', { timeout: 30_000 }, () => {
  it('answers 401 on every path without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/email/verify'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/0123456789abcdef'],
      ['POST', '/api/account/sessions/end-others'],
    ] as const) {
      expect(await rest(app, method, path, { json: method === 'POST' ? {} : undefined })).toEqual(
        answer(401, UNAUTHORIZED),
      );
    }
  });

  it('GET /api/account answers the documented shape', async () => {
    const { status, body } = await asAlice('GET', '/api/account');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      user: { id: expect.any(Number) as number, username: 'alice', email: null },
      secondFactor: 'none',
      passkeys: [],
      recoveryCodesLeft: 0,
    });
  });

  it('POST /api/account/password: 400 with issues, 401 for a wrong current one, 200 ending the others', async () => {
    expect(
      await asAlice('POST', '/api/account/password', {
        currentPassword: PASSWORD,
        newPassword: 'short',
      }),
    ).toEqual(
      answer(400, {
        success: false,
        message: ACCOUNT_MESSAGES.newPasswordShort,
        issues: [{ path: 'newPassword', message: ACCOUNT_MESSAGES.newPasswordShort }],
      }),
    );
    const wrong = await asAlice('POST', '/api/account/password', {
      currentPassword: 'not the password',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(401);
    const other = await signedInCookie(deps, 'alice');
    const changed = await asAlice('POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed).toEqual(answer(200, { success: true, endedSessions: 1 }));
    expect((await rest(app, 'GET', '/api/account', { cookie: other })).status).toBe(401);
    // This browser goes on with the new cookie; a copy of its old one is out.
    expect((await asAlice('GET', '/api/account')).status).toBe(401);
    const renewed = sessionCookieFrom(changed.headers) ?? '';
    expect((await rest(app, 'GET', '/api/account', { cookie: renewed })).status).toBe(200);
  });

  it('POST /api/account/email and /verify set a new address', async () => {
    expect(
      await asAlice('POST', '/api/account/email', { password: PASSWORD, email: 'new@example.com' }),
    ).toEqual(answer(200, { success: true, requiresCode: true }));
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    expect(await asAlice('POST', '/api/account/email/verify', { code: 'abc' })).toEqual(
      answer(400, {
        success: false,
        message: 'Code must be 6 digits',
        issues: [{ path: 'code', message: 'Code must be 6 digits' }],
      }),
    );
    expect(await asAlice('POST', '/api/account/email/verify', { code })).toEqual(
      answer(200, { success: true, email: 'new@example.com' }),
    );
    expect(
      await asAlice('POST', '/api/account/email', { password: PASSWORD, email: null }),
    ).toEqual(answer(200, { success: true, requiresCode: false }));
  });

  it('POST /api/account/email answers 503 with Retry-After when the mail fails', async () => {
    mailer.failNext = true;
    const failed = await asAlice('POST', '/api/account/email', {
      password: PASSWORD,
      email: 'new@example.com',
    });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
  });

  it('GET /api/account/sessions, DELETE /api/account/sessions/:id and POST end-others', async () => {
    const other = await signedInCookie(deps, 'alice');
    const third = await signedInCookie(deps, 'alice');
    const listed = await asAlice('GET', '/api/account/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, sessions: [{ current: true }, {}, {}] });
    expect(await asAlice('DELETE', `/api/account/sessions/${await publicIdOf(other)}`)).toEqual(
      answer(200, { success: true }),
    );
    expect((await rest(app, 'GET', '/api/account', { cookie: other })).status).toBe(401);
    expect((await asAlice('DELETE', '/api/account/sessions/0123456789abcdef')).status).toBe(404);
    expect(await asAlice('POST', '/api/account/sessions/end-others')).toEqual(
      answer(200, { success: true, ended: 1 }),
    );
    expect((await rest(app, 'GET', '/api/account', { cookie: third })).status).toBe(401);
    const own = await asAlice('DELETE', `/api/account/sessions/${await publicIdOf(cookie)}`);
    expect(own.status).toBe(200);
    expect(sessionCookieFrom(own.headers)).toBe('');
    expect((await asAlice('GET', '/api/account')).status).toBe(401);
  });
});
