/**
 * Separate keys from SESSION_SECRET (HKDF) for the cookie seal and the code hashes, and the
 * `__Host-` cookie in production.
 */
import { createHmac } from 'node:crypto';
import { unsealData } from 'iron-session';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions, twoFactorChallenges } from '#db/schema';
import type { App } from '#server/app/app';
import { createApp } from '#server/app/app';
import {
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { challengeIdFrom, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { challengeRowId, sessionRowId } from '#server/identity/sessions/session';
import { codeHashKey, cookieSealKey } from './keys';

const BUDGET_MS = 20_000;
const SECRET = 'a-session-secret-of-at-least-32-characters';

let deps: TestDeps;
let app: App;
let mailer: RecordingMailer;

async function setup(production: boolean) {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({ sessionSecret: SECRET, production }),
  });
  app = createApp(deps);
}

beforeEach(() => setup(false));

const login = (username: string, cookie?: string) =>
  rest(app, 'POST', '/api/admin/login', { json: { username, password: PASSWORD }, cookie });
const checkWith = async (cookie: string) =>
  ((await rest(app, 'GET', '/api/admin/check', { cookie })).body as { authenticated: boolean })
    .authenticated;

describe('keys derived from SESSION_SECRET', () => {
  it('are distinct from each other and from the secret, and stable for one secret', () => {
    const seal = cookieSealKey(SECRET);
    const codes = codeHashKey(SECRET).toString('base64url');
    expect(seal).not.toBe(codes);
    expect(seal).not.toContain(SECRET);
    expect(seal.length).toBeGreaterThanOrEqual(32);
    expect(cookieSealKey(SECRET)).toBe(seal);
    expect(cookieSealKey(`${SECRET}!`)).not.toBe(seal);
  });

  it(
    'seal the cookie with the derived key: the secret itself cannot open it',
    async () => {
      await insertUser(deps, 'alice');
      const res = await login('alice');
      const sealed = /^admin_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
      // iron-session's seal: Fe26.2*… with its parts.
      expect(sealed).toMatch(/^Fe26\.2\*/);
      const rowId = (await deps.db.select().from(sessions).get())?.id;
      const opened = await unsealData<{ sid: string }>(sealed ?? '', {
        password: cookieSealKey(SECRET),
      });
      expect(sessionRowId(opened.sid)).toBe(rowId);
      expect(await unsealData(sealed ?? '', { password: SECRET })).toEqual({});
    },
    BUDGET_MS,
  );

  it(
    'hash the stored code with the code key, not the secret',
    async () => {
      await insertUser(deps, 'erin', 'erin@example.com');
      const pending = await login('erin');
      const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
      const row = await deps.db.select().from(twoFactorChallenges).get();
      // Scoped by the challenge's id as its cookie carries it (the row keeps only its hash).
      const challengeId = await challengeIdFrom(deps, sessionCookieFrom(pending.headers) ?? '');
      expect(row?.id).toBe(challengeRowId(challengeId));
      const hmac = (key: string | Buffer) =>
        createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');
      expect(row?.codeHash).toBe(hmac(codeHashKey(SECRET)));
      expect(row?.codeHash).not.toBe(hmac(SECRET));
    },
    BUDGET_MS,
  );
});

describe('the session cookie in production', () => {
  beforeEach(() => setup(true));

  it(
    'is named __Host-admin_session, Secure with Path=/ and no Domain, and read back by that name only',
    async () => {
      await insertUser(deps, 'alice');
      const res = await login('alice');
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^__Host-admin_session=[^;]+;/);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).toMatch(/; Secure(;|$)/);
      expect(setCookie).toMatch(/; HttpOnly(;|$)/);
      expect(setCookie).toMatch(/; SameSite=Lax(;|$)/);
      expect(setCookie).not.toMatch(/Domain=/i);
      const pair = setCookie.split(';')[0] ?? '';
      expect(await checkWith(pair)).toBe(true);
      // The same seal under the unprefixed name is what a sibling site could plant: ignored.
      expect(await checkWith(pair.replace(/^__Host-/, ''))).toBe(false);

      const out = await rest(app, 'POST', '/api/admin/logout', { cookie: pair });
      expect(out.headers.get('set-cookie')).toMatch(/^__Host-admin_session=;.*Max-Age=0/);
      expect(await checkWith(pair)).toBe(false);
    },
    BUDGET_MS,
  );
});
