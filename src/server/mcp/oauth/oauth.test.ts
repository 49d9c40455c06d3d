/**
 * OAuth for MCP clients through app.request() (docs/mcp.md, "OAuth"): the discovery documents,
 * registration's rules, /oauth/authorize's refusals (a page before the redirect address is
 * trusted, a redirect after), and the consent screen's API (Allow needs a recent proof).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, oauthClients } from '#db/schema';
import { OAUTH_MESSAGES } from '#shared/oauth-consent';
import { ACCOUNT_MESSAGES } from '#shared/account';
import type { App } from '#server/app/app';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { answer, rest } from '#tests/support/rest';
import {
  allowedCode,
  authorizeQuery,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  requestId,
} from '#tests/support/oauth';
import { RECENT_PROOF_MS } from '#server/identity/recent-proof/recent-proof';
import { mailsSettled } from '#server/platform/mail';
import { createRecordingMailer, type RecordingMailer } from '#tests/support/app';
import { users } from '#db/schema';
import { writeTransaction } from '#db';
import { pruneExpired } from '#server/maintenance/prune';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }), mailer }));
});

const SCOPES = [
  'leads:read',
  'leads:write',
  'bookings:read',
  'analytics:read',
  'content:read',
  'content:write',
  'newsletter:write',
  'proposals:read',
  'proposals:write',
  'invoices:read',
  'invoices:write',
];

describe('discovery', () => {
  it('answers both documents, the path-suffixed form too, with CORS open', async () => {
    const resource = {
      resource: 'http://localhost/mcp',
      authorization_servers: ['http://localhost'],
      scopes_supported: SCOPES,
      bearer_methods_supported: ['header'],
    };
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await app.request(path, { headers: { origin: 'https://claude.ai' } });
      expect(await response.json()).toEqual(resource);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const server = await app.request('/.well-known/oauth-authorization-server');
    expect(await server.json()).toEqual({
      issuer: 'http://localhost',
      authorization_endpoint: 'http://localhost/oauth/authorize',
      token_endpoint: 'http://localhost/oauth/token',
      registration_endpoint: 'http://localhost/oauth/register',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: SCOPES,
    });
    const preflight = await app.request('/oauth/register', {
      method: 'OPTIONS',
      headers: { origin: 'https://claude.ai', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    // The admin's API stays same-origin.
    const api = await app.request('/api/admin/check', { headers: { origin: 'https://claude.ai' } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('registration', () => {
  const register = (json: unknown, ip = '198.51.100.1') =>
    rest(app, 'POST', '/oauth/register', { json, ip });

  it('registers a public client (201) and stores it', async () => {
    const registered = await register({
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:6274/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      logo_uri: 'https://example.com/ignored.png',
    });
    expect(registered).toEqual(
      answer(201, {
        client_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
        client_id_issued_at: Date.parse('2026-01-15T10:00:00Z') / 1000,
        client_name: 'Claude',
        redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:6274/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
    const id = (registered.body as { client_id: string }).client_id;
    expect(await deps.db.select().from(oauthClients).where(eq(oauthClients.id, id)).get()).toEqual(
      expect.objectContaining({ name: 'Claude' }),
    );
  });

  it('takes Cursor’s three callbacks, its app’s private-use one included (exactly)', async () => {
    const cursor = [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ];
    expect((await register({ client_name: 'Cursor', redirect_uris: cursor })).status).toBe(201);
    for (const other of ['cursor://anysphere.cursor-mcp/other', 'vscode://x/callback']) {
      expect((await register({ redirect_uris: [other] })).status, other).toBe(400);
    }
  });

  it('names a client without a name by its redirect host', async () => {
    const registered = await register({ redirect_uris: ['http://127.0.0.1:9/cb'] });
    expect(registered.body).toEqual(expect.objectContaining({ client_name: '127.0.0.1:9' }));
  });

  it.each([
    [{}, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://example.com/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://example.com/cb#frag'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri'],
    [
      { redirect_uris: ['https://a.test/cb'], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
    ],
    [
      { redirect_uris: ['https://a.test/cb'], grant_types: ['implicit'] },
      'invalid_client_metadata',
    ],
    [
      { redirect_uris: ['https://a.test/cb'], response_types: ['token'] },
      'invalid_client_metadata',
    ],
    [{ redirect_uris: ['https://a.test/cb'], client_name: '' }, 'invalid_client_metadata'],
    // Control and bidirectional characters: a U+202E reversed the consent sentence.
    ...[
      'Claude\u202Ebad.test',
      'a\u2066b',
      'a\u200Fb',
      'a\nb',
      'a\u0085b',
      'a\u2028b',
      'a\u00ADb',
    ].map((client_name): [{ redirect_uris: string[]; client_name: string }, string] => [
      { redirect_uris: ['https://a.test/cb'], client_name },
      'invalid_client_metadata',
    ]),
    [[], 'invalid_client_metadata'],
  ])('refuses %j (400 %s) and stores nothing', async (json, error) => {
    const refused = await register(json);
    expect(refused).toEqual(
      answer(400, { error, error_description: expect.any(String) as unknown }),
    );
    expect(await deps.db.select().from(oauthClients).all()).toEqual([]);
  });

  it('refuses a body that is too large (413), not JSON (415) or malformed (400)', async () => {
    const big = await register({ redirect_uris: ['https://a.test/cb'], pad: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    const form = await app.request('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'redirect_uris=https://a.test/cb',
    });
    expect(form.status).toBe(415);
    expect((await rest(app, 'POST', '/oauth/register', { raw: '{' })).status).toBe(400);
  });

  it('takes 10 registrations an hour from one address, then 429 with Retry-After', async () => {
    const json = { redirect_uris: ['https://a.test/cb'] };
    for (let i = 0; i < 10; i += 1) expect((await register(json)).status).toBe(201);
    const refused = await register(json);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await register(json, '198.51.100.2')).status).toBe(201);
    deps.clock.advance(60 * 60_000);
    expect((await register(json)).status).toBe(201);
  });

  it('takes 20 registrations an hour from one network, whatever its addresses, then 429', async () => {
    const json = { redirect_uris: ['https://a.test/cb'] };
    for (let i = 0; i < 20; i += 1) {
      expect((await register(json, `198.51.100.${i + 1}`)).status).toBe(201);
    }
    const refused = await register(json, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringContaining('from your network') as unknown,
    });
    expect((await register(json, '203.0.113.1')).status).toBe(201);
  });

  it('takes 100 registrations an hour in all, from any addresses, then 429', async () => {
    const json = { redirect_uris: ['https://a.test/cb'] };
    for (let i = 0; i < 100; i += 1) {
      // Ten addresses of ten networks: neither cap of theirs is reached.
      const ip = `10.0.${Math.floor(i / 10)}.${i % 10}`;
      expect((await register(json, ip)).status).toBe(201);
    }
    const refused = await register(json, '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringContaining('Too many client registrations') as unknown,
    });
    deps.clock.advance(60 * 60_000);
    expect((await register(json, '203.0.113.1')).status).toBe(201);
  });

  it('housekeeping drops a client that holds nothing a day after it registered', async () => {
    const cookie = await signedInCookie(deps);
    const unused = await registerClient(app, 'Never connected');
    const asked = (await allowedCode(app, cookie)).clientId;
    deps.clock.advance(24 * 60 * 60_000 - 1);
    await pruneExpired(deps.db, deps.clock.now(), deps.config);
    expect((await deps.db.select().from(oauthClients).all()).map((c) => c.id).sort()).toEqual(
      [unused, asked].sort(),
    );
    deps.clock.advance(2);
    await pruneExpired(deps.db, deps.clock.now(), deps.config);
    // The other one's code expired unexchanged: it holds no grant either.
    expect(await deps.db.select().from(oauthClients).all()).toEqual([]);
  });
});

describe('authorize', () => {
  let clientId: string;
  const { challenge } = pkcePair();
  beforeEach(async () => {
    clientId = await registerClient(app);
  });

  it('shows a 400 page, never a redirect, for an unknown client or redirect address', async () => {
    const cases: Record<string, string | null>[] = [
      { client_id: 'nope' },
      { client_id: null },
      { redirect_uri: 'http://127.0.0.1:33418/other' },
      { redirect_uri: null },
    ];
    for (const changes of cases) {
      const response = await app.request(authorizeQuery(clientId, challenge, changes));
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it.each([
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge_method: null }, 'invalid_request'],
    [{ code_challenge: null }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ scope: 'leads:read admin:all' }, 'invalid_scope'],
    [{ resource: 'https://elsewhere.test/mcp' }, 'invalid_target'],
  ])(
    'shows %j (%s) on a page of ours, never at the client’s self-registered address',
    async (changes, error) => {
      // RFC 9700 4.11: before the consent screen, a redirect to an address anyone registered
      // would make the site an open redirector.
      const response = await app.request(authorizeQuery(clientId, challenge, changes));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(`(${error})`);
    },
  );

  it('keeps 30 requests per address in 10 minutes, then a 429 page with Retry-After', async () => {
    const ask = (ip: string) =>
      app.request(authorizeQuery(clientId, challenge), { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 30; i += 1) expect((await ask('198.51.100.9')).status).toBe(302);
    const refused = await ask('198.51.100.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect((await ask('198.51.100.10')).status).toBe(302);
  });

  it('sends a valid request to the consent screen, asking the read scopes by default', async () => {
    const cookie = await signedInCookie(deps);
    const id = await requestId(
      app,
      authorizeQuery(clientId, challenge, { resource: 'http://localhost/mcp' }),
    );
    expect(await rest(app, 'GET', `/api/oauth/requests/${id}`, { cookie })).toEqual(
      answer(200, {
        success: true,
        request: {
          id,
          clientName: 'Test agent',
          redirectHost: '127.0.0.1:33418',
          scopes: [
            'leads:read',
            'bookings:read',
            'analytics:read',
            'content:read',
            'proposals:read',
            'invoices:read',
          ],
        },
      }),
    );
    // Ten minutes later the request is gone.
    deps.clock.advance(10 * 60_000);
    expect((await rest(app, 'GET', `/api/oauth/requests/${id}`, { cookie })).body).toEqual({
      success: false,
      message: OAUTH_MESSAGES.request,
    });
  });
});

describe('consent', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signedInCookie(deps);
  });

  it('Allow issues a code to the redirect address, with the state and issuer, audited', async () => {
    await writeTransaction(deps.db, (tx) => tx.update(users).set({ email: 'owner@example.com' }));
    const { redirect, code } = await allowedCode(app, cookie, {
      scope: 'leads:read leads:write',
      scopes: ['leads:read'],
    });
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT_URI);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    expect(redirect.searchParams.get('iss')).toBe('http://localhost');
    const audit = await deps.db.select().from(auditEvents).all();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'oauth_granted', target: 'Test agent (leads:read)' }),
    ]);
    // The grant is an access token: its owner is told, with how to revoke it.
    await mailsSettled(mailer);
    expect(mailer.sent).toMatchObject([
      { to: 'owner@example.com', subject: 'An access token was made for your account' },
    ]);
    expect(mailer.sent[0]?.text).toContain('beside "Test agent"');
  });

  it('Allow refuses scopes not asked for (400), and a request already decided (404)', async () => {
    const clientId = await registerClient(app);
    const id = await requestId(
      app,
      authorizeQuery(clientId, pkcePair().challenge, { scope: 'leads:read' }),
    );
    const path = `/api/oauth/requests/${id}/allow`;
    expect(
      (await rest(app, 'POST', path, { cookie, json: { scopes: ['leads:write'] } })).status,
    ).toBe(400);
    expect((await rest(app, 'POST', path, { cookie, json: { scopes: [] } })).status).toBe(400);
    expect(
      (await rest(app, 'POST', path, { cookie, json: { scopes: ['leads:read'] } })).status,
    ).toBe(200);
    expect(
      (await rest(app, 'POST', path, { cookie, json: { scopes: ['leads:read'] } })).status,
    ).toBe(404);
  });

  it('Allow needs a recent proof: past 10 minutes, 401 asking for the password', async () => {
    const clientId = await registerClient(app);
    deps.clock.advance(RECENT_PROOF_MS);
    const id = await requestId(app, authorizeQuery(clientId, pkcePair().challenge));
    const refused = await rest(app, 'POST', `/api/oauth/requests/${id}/allow`, {
      cookie,
      json: { scopes: ['leads:read'] },
    });
    expect(refused).toEqual(
      answer(401, { success: false, message: ACCOUNT_MESSAGES.passwordNeeded }),
    );
    expect(await deps.db.select().from(auditEvents).all()).toEqual([]);
  });

  it('Deny sends access_denied back and drops the request', async () => {
    const clientId = await registerClient(app);
    const id = await requestId(app, authorizeQuery(clientId, pkcePair().challenge));
    const denied = await rest(app, 'POST', `/api/oauth/requests/${id}/deny`, { cookie });
    const to = new URL((denied.body as { redirectTo: string }).redirectTo);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('state')).toBe('xyz');
    expect((await rest(app, 'GET', `/api/oauth/requests/${id}`, { cookie })).status).toBe(404);
  });
});
