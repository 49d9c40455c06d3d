import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { createMemoryLogger } from '../../../tests/support/logger';
import {
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '../../../tests/support/app';
import {
  cookiePayload,
  insertUser,
  PASSWORD,
  sessionCookieFrom,
} from '../../../tests/support/users';

let deps: TestDeps;
let mailer: RecordingMailer;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  app = createApp(deps);
});

function post(path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  return app.request(`/api${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function check(cookie?: string) {
  return app.request('/api/admin/check', { headers: cookie ? { Cookie: cookie } : {} });
}

describe('GET /api/admin/check', () => {
  it('answers exactly the documented shape', async () => {
    const res = await check();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      authenticated: false,
      username: null,
      awaitingTwoFactor: false,
    });
  });
});

// Up to six real password hashes a test: explicit budget for a busy 2-core machine.
describe('POST /api/admin/login', { timeout: 30_000 }, () => {
  it('answers 400 with issues for empty fields', async () => {
    const res = await post('/admin/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Username is required',
      issues: [
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ],
    });
  });

  it('names the missing fields with the documented messages', async () => {
    const res = await post('/admin/login', {});
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('answers 400 for malformed JSON and for an empty body declared as JSON', async () => {
    const malformed = await post('/admin/login', '{"username":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      success: false,
      message: 'Request body must be valid JSON',
    });
    const empty = await post('/admin/login', '');
    expect(empty.status).toBe(400);
    expect((await empty.json()).success).toBe(false);
  });

  it('answers 401 for wrong credentials', async () => {
    await insertUser(deps, 'alice');
    const res = await post('/admin/login', { username: 'alice', password: 'wrong password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: 'Invalid username or password' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('signs in with an HttpOnly SameSite=Lax cookie of 12 hours, not Secure outside production', async () => {
    await insertUser(deps, 'alice');
    const res = await post('/admin/login', { username: 'alice', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, requiresTwoFactor: false });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^admin_session=[^;]+;/);
    expect(setCookie).toMatch(/Max-Age=43200/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const state = await check(sessionCookieFrom(res.headers) ?? '');
    expect(await state.json()).toEqual({
      authenticated: true,
      username: 'alice',
      awaitingTwoFactor: false,
    });
  });

  it('sets a Secure cookie in production', async () => {
    deps = await createTestDeps({ mailer, config: testConfig({ production: true }) });
    app = createApp(deps);
    await insertUser(deps, 'alice');
    const res = await post('/admin/login', { username: 'alice', password: PASSWORD });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('answers requiresTwoFactor for a user with e-mail', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const res = await post('/admin/login', { username: 'erin', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, requiresTwoFactor: true });
    expect(await (await check(sessionCookieFrom(res.headers) ?? '')).json()).toEqual({
      authenticated: false,
      username: 'erin',
      awaitingTwoFactor: true,
    });
  });

  it('answers 429 with Retry-After after 5 failures, even for the right password', async () => {
    await insertUser(deps, 'alice');
    for (let i = 0; i < 5; i++) {
      expect((await post('/admin/login', { username: 'alice', password: 'nope' })).status).toBe(
        401,
      );
    }
    const res = await post('/admin/login', { username: 'alice', password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(await res.json()).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
  });

  it('answers 503 for a second-factor user in production without SMTP', async () => {
    const { createMailer } = await import('../platform/mail');
    deps = await createTestDeps({
      config: testConfig({ production: true }),
      mailer: createMailer({
        smtpUrl: null,
        from: 'no-reply@example.com',
        production: true,
        logger: createMemoryLogger(),
      }),
    });
    app = createApp(deps);
    await insertUser(deps, 'erin', 'erin@example.com');
    const res = await post('/admin/login', { username: 'erin', password: PASSWORD });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/no mail service configured/);
    // A user without e-mail is not affected.
    await insertUser(deps, 'alice');
    expect((await post('/admin/login', { username: 'alice', password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('POST /api/admin/verify-2fa', () => {
  async function pendingLogin() {
    await insertUser(deps, 'erin', 'erin@example.com');
    const res = await post('/admin/login', { username: 'erin', password: PASSWORD });
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    return { cookie: sessionCookieFrom(res.headers) ?? '', code };
  }

  it('answers 401 without a pending login', async () => {
    const res = await post('/admin/verify-2fa', { code: '123456' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      success: false,
      message:
        'Your sign-in code has expired or no sign-in is waiting for one. Please sign in again.',
    });
  });

  it('answers 400 with issues for a code that is not 6 digits', async () => {
    const { cookie } = await pendingLogin();
    const res = await post('/admin/verify-2fa', { code: '12a456' }, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Code must be 6 digits',
      issues: [{ path: 'code', message: 'Code must be 6 digits' }],
    });
  });

  it('answers 401 with the tries left for a wrong code', async () => {
    const { cookie, code } = await pendingLogin();
    const res = await post(
      '/admin/verify-2fa',
      { code: code === '000000' ? '999999' : '000000' },
      cookie,
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: 'Wrong code. 4 tries left of 5.' });
  });

  it('answers 200 and a new session cookie for the right code', async () => {
    const { cookie, code } = await pendingLogin();
    const res = await post('/admin/verify-2fa', { code }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const signedIn = sessionCookieFrom(res.headers) ?? '';
    // The new cookie names a session; the one sent named the challenge, now gone.
    expect(await cookiePayload(deps, cookie)).toEqual({ challengeId: expect.any(String) });
    const payload = await cookiePayload(deps, signedIn);
    expect(payload).toEqual({ sid: expect.any(String) });
    expect((await (await check(signedIn)).json()).authenticated).toBe(true);
    expect((await (await check(cookie)).json()).authenticated).toBe(false);
  });
});

describe('POST /api/admin/logout', () => {
  it('answers 200 to a bodiless POST and ends the session', async () => {
    await insertUser(deps, 'alice');
    const login = await post('/admin/login', { username: 'alice', password: PASSWORD });
    const cookie = sessionCookieFrom(login.headers) ?? '';
    const res = await post('/admin/logout', undefined, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/^admin_session=;.*Max-Age=0/);
    expect((await (await check(cookie)).json()).authenticated).toBe(false);
    const adminRead = await app.request('/api/ai-facts/all', { headers: { Cookie: cookie } });
    expect(adminRead.status).toBe(401);
  });

  it('answers 200 without a session', async () => {
    const res = await post('/admin/logout');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
  });
});
