import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app/app';
import {
  createTestApp,
  signedInCookie,
  testConfig,
  type TestDeps,
} from '../../../../tests/support/app';
import { answer, rest, UNAUTHORIZED } from '../../../../tests/support/rest';
import { insertUser, PASSWORD, sessionCookieFrom } from '../../../../tests/support/users';
import { ceremonyCookieFrom, joinCookies } from '../../../../tests/support/passkeys';
import { softwareAuthenticator } from '../../../../tests/support/webauthn-authenticator';
import { PASSKEY_MESSAGES } from '../../../shared/passkeys';
import { ACCOUNT_MESSAGES } from '../../../shared/account';
import { WRONG_PASSWORD } from '../passwords/prove-password';
import { RECENT_PROOF_MS } from '../account/recent-proof';

let app: App;
let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  await insertUser(deps, 'alice');
  cookie = await signedInCookie(deps, 'alice');
});

const REFUSED = { success: false, message: PASSKEY_MESSAGES.signInFailed };

/** Adds a passkey through the REST paths; answers the authenticator and the 201's body. */
async function addOverHttp() {
  const authenticator = softwareAuthenticator(deps.config.siteUrl);
  const options = await rest(app, 'POST', '/api/account/passkeys/options', { cookie });
  expect(options.status).toBe(200);
  const setCookie = options.headers.getSetCookie().find((c) => c.startsWith('admin_webauthn='));
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Strict/i);
  expect(setCookie).toMatch(/Max-Age=300/);
  const { options: creation } = options.body as {
    options: Parameters<typeof authenticator.register>[0];
  };
  const added = await rest(app, 'POST', '/api/account/passkeys', {
    cookie: joinCookies(cookie, ceremonyCookieFrom(options.headers)),
    json: { name: 'Laptop', response: authenticator.register(creation) },
  });
  return { authenticator, added };
}

describe('/api/account/passkeys', { timeout: 30_000 }, () => {
  it('answers 401 on every path without a session', async () => {
    for (const [method, path, json] of [
      ['POST', '/api/account/passkeys/options', undefined],
      ['POST', '/api/account/passkeys', { name: 'x', response: {} }],
      ['PATCH', '/api/account/passkeys/1', { name: 'x' }],
      ['DELETE', '/api/account/passkeys/1', undefined],
    ] as const) {
      expect(await rest(app, method, path, { json })).toEqual(answer(401, UNAUTHORIZED));
    }
  });

  it('adds (201), lists, renames and removes a passkey; unknown ids are 404, bad names 400', async () => {
    const { added, authenticator } = await addOverHttp();
    expect(added).toEqual(
      answer(201, {
        success: true,
        passkey: {
          id: 1,
          name: 'Laptop',
          createdAt: deps.clock.now().toISOString(),
          lastUsedAt: null,
        },
      }),
    );
    const account = await rest(app, 'GET', '/api/account', { cookie });
    expect((account.body as { passkeys: unknown }).passkeys).toEqual([
      { id: 1, name: 'Laptop', createdAt: deps.clock.now().toISOString(), lastUsedAt: null },
    ]);
    expect(
      await rest(app, 'PATCH', '/api/account/passkeys/1', { cookie, json: { name: 'Desk' } }),
    ).toEqual(answer(200, { success: true }));
    expect(
      await rest(app, 'PATCH', '/api/account/passkeys/1', { cookie, json: { name: '' } }),
    ).toEqual(
      answer(400, {
        success: false,
        message: PASSKEY_MESSAGES.name,
        issues: [{ path: 'name', message: PASSKEY_MESSAGES.name }],
      }),
    );
    const unknown = { success: false, message: PASSKEY_MESSAGES.unknown };
    expect(
      await rest(app, 'PATCH', '/api/account/passkeys/2', { cookie, json: { name: 'x' } }),
    ).toEqual(answer(404, unknown));
    // Removing it asks for the passkey (401) until the proof's paths confirm it.
    expect(await rest(app, 'DELETE', '/api/account/passkeys/1', { cookie })).toEqual(
      answer(401, { success: false, message: PASSKEY_MESSAGES.proofNeeded }),
    );
    const proofOptions = await rest(app, 'POST', '/api/account/passkeys/proof/options', { cookie });
    expect(proofOptions.status).toBe(200);
    const { options: request } = proofOptions.body as {
      options: Parameters<typeof authenticator.assert>[0];
    };
    expect(
      await rest(app, 'POST', '/api/account/passkeys/proof', {
        cookie: joinCookies(cookie, ceremonyCookieFrom(proofOptions.headers)),
        json: { response: authenticator.assert(request) },
      }),
    ).toEqual(answer(200, { success: true }));
    expect(await rest(app, 'DELETE', '/api/account/passkeys/1', { cookie })).toEqual(
      answer(200, { success: true }),
    );
    expect(await rest(app, 'DELETE', '/api/account/passkeys/1', { cookie })).toEqual(
      answer(404, unknown),
    );
  });

  it('asks an older session for its password: 401 without, 401 counted when wrong, then 429; 200 with it', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    const options = (json?: unknown) =>
      rest(app, 'POST', '/api/account/passkeys/options', { cookie, json });
    expect(await options()).toEqual(
      answer(401, { success: false, message: ACCOUNT_MESSAGES.passwordNeeded }),
    );
    expect(await options({})).toEqual(
      answer(401, { success: false, message: ACCOUNT_MESSAGES.passwordNeeded }),
    );
    const right = await options({ password: PASSWORD });
    expect(right.status).toBe(200);
    expect(ceremonyCookieFrom(right.headers)).toMatch(/^admin_webauthn=/);
    for (let i = 0; i < 5; i++) {
      expect(await options({ password: 'not my password' })).toEqual(
        answer(401, { success: false, message: WRONG_PASSWORD }),
      );
    }
    const throttled = await options({ password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many failed sign-in attempts\./),
    });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 409 to a registration nobody asked options for', async () => {
    expect(
      await rest(app, 'POST', '/api/account/passkeys', {
        cookie,
        json: { name: 'x', response: {} },
      }),
    ).toEqual(answer(409, { success: false, message: PASSKEY_MESSAGES.noCeremony }));
  });
});

describe('the ceremony cookie in production', { timeout: 30_000 }, () => {
  it('is __Host- prefixed and Secure, with Path=/ and no Domain, and read back by that name', async () => {
    ({ app, deps } = await createTestApp({ config: testConfig({ production: true }) }));
    await insertUser(deps, 'alice');
    cookie = await signedInCookie(deps, 'alice');
    const options = await rest(app, 'POST', '/api/account/passkeys/options', { cookie });
    expect(options.status).toBe(200);
    const setCookie =
      options.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_webauthn=')) ?? '';
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toMatch(/Domain/i);
    expect(options.headers.getSetCookie().some((c) => c.startsWith('admin_webauthn='))).toBe(false);

    const authenticator = softwareAuthenticator(deps.config.siteUrl);
    const { options: creation } = options.body as {
      options: Parameters<typeof authenticator.register>[0];
    };
    const ceremony = ceremonyCookieFrom(options.headers) ?? '';
    const response = authenticator.register(creation);
    // Without the prefix the cookie is not this site's ceremony.
    const unprefixed = await rest(app, 'POST', '/api/account/passkeys', {
      cookie: joinCookies(cookie, ceremony.replace(/^__Host-/, '')),
      json: { name: 'Laptop', response },
    });
    expect(unprefixed.status).toBe(409);
    const added = await rest(app, 'POST', '/api/account/passkeys', {
      cookie: joinCookies(cookie, ceremony),
      json: { name: 'Laptop', response },
    });
    expect(added.status).toBe(201);
    const cleared =
      added.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_webauthn=')) ?? '';
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
  });
});

describe('/api/admin/passkey', { timeout: 30_000 }, () => {
  it('signs in with a passkey: options bound to the browser, then verify', async () => {
    const { authenticator } = await addOverHttp();
    const options = await rest(app, 'POST', '/api/admin/passkey/options');
    expect(options.status).toBe(200);
    const { options: request } = options.body as {
      options: Parameters<typeof authenticator.assert>[0];
    };
    const ceremony = ceremonyCookieFrom(options.headers);
    expect(ceremony).toBeTruthy();

    const verified = await rest(app, 'POST', '/api/admin/passkey/verify', {
      cookie: ceremony ?? '',
      json: { response: authenticator.assert(request) },
    });
    expect(verified).toEqual(answer(200, { success: true }));
    const session = sessionCookieFrom(verified.headers);
    const check = await rest(app, 'GET', '/api/admin/check', { cookie: session ?? '' });
    expect(check.body).toMatchObject({ authenticated: true, username: 'alice' });
  });

  it('answers 401 to anything else: no challenge, a malformed body, a wrong answer', async () => {
    expect(
      await rest(app, 'POST', '/api/admin/passkey/verify', { json: { response: {} } }),
    ).toEqual(answer(401, REFUSED));
    const options = await rest(app, 'POST', '/api/admin/passkey/options');
    const ceremony = ceremonyCookieFrom(options.headers) ?? '';
    expect(
      await rest(app, 'POST', '/api/admin/passkey/verify', { cookie: ceremony, raw: '{' }),
    ).toEqual(answer(401, REFUSED));
    expect(
      await rest(app, 'POST', '/api/admin/passkey/verify', {
        cookie: ceremony,
        json: { response: 'x' },
      }),
    ).toEqual(answer(401, REFUSED));
  });
});
