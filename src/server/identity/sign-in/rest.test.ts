/**
 * The sign-in paths under /api/admin over HTTP: statuses, bodies, Set-Cookie and Retry-After
 * headers, and the JSON body rules of docs/api.md. What sign-in does (throttles, codes,
 * sessions) is proven through createCaller in router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app/app';
import { createMailer } from '../../platform/mail';
import { createMemoryLogger } from '../../../../tests/support/logger';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '../../../../tests/support/app';
import { answer, invalid, rest } from '../../../../tests/support/rest';
import { failure } from '../../../../tests/support/trpc-errors';
import {
  cookiePayload,
  insertUser,
  PASSWORD,
  sessionCookieFrom,
} from '../../../../tests/support/users';
import { MAIL_UNAVAILABLE_MESSAGE } from './two-factor';

let deps: TestDeps;
let mailer: RecordingMailer;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  app = createApp(deps);
});

const login = (json: unknown) => rest(app, 'POST', '/api/admin/login', { json });

describe('GET /api/admin/check', () => {
  it('answers exactly the documented shape', async () => {
    expect(await rest(app, 'GET', '/api/admin/check')).toEqual(
      answer(200, {
        authenticated: false,
        username: null,
        awaitingTwoFactor: false,
        pendingMethod: null,
        setupRequired: false,
      }),
    );
  });
});

// Up to six real password hashes a test: explicit budget for a busy 2-core machine.
describe('POST /api/admin/login', { timeout: 30_000 }, () => {
  it('answers 400 with every issue named', async () => {
    expect(await login({ username: '', password: '' })).toEqual(
      answer(
        400,
        invalid([
          { path: 'username', message: 'Username is required' },
          { path: 'password', message: 'Password is required' },
        ]),
      ),
    );
  });

  it.each([
    ['{"username":', 'Request body must be valid JSON'],
    ['', 'Request body must be JSON'],
  ])('answers 400 for the body %j', async (raw, message) => {
    expect(await rest(app, 'POST', '/api/admin/login', { raw })).toEqual(
      answer(400, { success: false, message }),
    );
  });

  it('answers 401 for wrong credentials, setting no cookie', async () => {
    await insertUser(deps, 'alice');
    const res = await login({ username: 'alice', password: 'wrong password' });
    expect(res).toEqual(answer(401, { success: false, message: 'Invalid username or password' }));
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('signs in with an HttpOnly SameSite=Lax cookie of 12 hours, not Secure outside production', async () => {
    await insertUser(deps, 'alice');
    const res = await login({ username: 'alice', password: PASSWORD });
    expect(res).toEqual(
      answer(200, { success: true, requiresTwoFactor: false, setupRequired: false }),
    );
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^admin_session=[^;]+;/);
    expect(setCookie).toMatch(/Max-Age=43200/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('answers 429 with Retry-After to a throttled sign-in', async () => {
    await insertUser(deps, 'alice');
    // The username's failures, made through the procedure (router.test.ts counts them).
    for (let i = 0; i < 5; i++) {
      await failure(
        callerFor(deps).caller.admin.login({ username: 'alice', password: 'wrong password' }),
      );
    }
    const res = await login({ username: 'alice', password: PASSWORD });
    expect(res).toEqual(
      answer(429, {
        success: false,
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      }),
    );
    expect(res.headers.get('retry-after')).toBe('900');
  });

  it('answers 503 without a cookie for a second-factor user in production without SMTP', async () => {
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
    const res = await login({ username: 'erin', password: PASSWORD });
    expect(res).toEqual(answer(503, { success: false, message: MAIL_UNAVAILABLE_MESSAGE }));
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('retry-after')).toBe('5');
  });
});

describe('POST /api/admin/verify-2fa', () => {
  async function pendingLogin() {
    await insertUser(deps, 'erin', 'erin@example.com');
    const res = await login({ username: 'erin', password: PASSWORD });
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    return { cookie: sessionCookieFrom(res.headers) ?? '', code };
  }

  it('answers 401 without a pending login, before looking at the body', async () => {
    const refused = answer(401, {
      success: false,
      message:
        'Your sign-in code has expired or no sign-in is waiting for one. Please sign in again.',
    });
    for (const opts of [{ json: { code: '123456' } }, { raw: '' }, { raw: '{' }]) {
      expect(await rest(app, 'POST', '/api/admin/verify-2fa', opts)).toEqual(refused);
    }
  });

  it('answers 400 with issues for a code that is not 6 digits', async () => {
    const { cookie } = await pendingLogin();
    expect(
      await rest(app, 'POST', '/api/admin/verify-2fa', { json: { code: '12a456' }, cookie }),
    ).toEqual(answer(400, invalid([{ path: 'code', message: 'Code must be 6 digits' }])));
  });

  it('answers 200 and sets a cookie naming the new session for the right code', async () => {
    const { cookie, code } = await pendingLogin();
    const res = await rest(app, 'POST', '/api/admin/verify-2fa', { json: { code }, cookie });
    expect(res).toEqual(answer(200, { success: true }));
    const signedIn = sessionCookieFrom(res.headers) ?? '';
    expect(await cookiePayload(deps, signedIn)).toEqual({ sid: expect.any(String) });
  });
});

describe('POST /api/admin/logout', () => {
  it('answers 200 to a bodiless POST and clears the cookie', async () => {
    const cookie = await signedInCookie(deps);
    const res = await rest(app, 'POST', '/api/admin/logout', { cookie });
    expect(res).toEqual(answer(200, { success: true }));
    expect(res.headers.get('set-cookie')).toMatch(/^admin_session=;.*Max-Age=0/);
  });
});
