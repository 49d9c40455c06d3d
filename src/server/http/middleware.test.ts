import { beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase } from '#db';
import { createApp } from '#server/app/app';
import { MAX_BODY_BYTES } from './middleware';
import { MAX_BATCH_SIZE } from './trpc';
import {
  adminCaller,
  createTestDeps,
  signedInCookie,
  createTestApp,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { insertUser, PASSWORD } from '#tests/support/users';

let deps: TestDeps;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  deps = await createTestDeps();
  app = createApp(deps);
});

const json = { 'Content-Type': 'application/json' };
const loginBody = JSON.stringify({ username: 'nobody', password: 'wrong password' });

/** A login body of exactly `size` bytes: valid JSON padded with trailing spaces. */
function loginBodyOfSize(size: number): string {
  return loginBody + ' '.repeat(size - loginBody.length);
}

async function expectRefusal(res: Response, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  expect(Object.keys(body).sort()).toEqual(['message', 'success']);
  expect(body.success).toBe(false);
  expect(body.message).toMatch(message);
}

describe('cross-site requests', () => {
  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an Origin of another port', { Origin: 'http://localhost:8080' }],
    ['Origin null', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a REST POST with %s (403)', async (_name, headers) => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: loginBody,
    });
    await expectRefusal(res, 403, /Cross-site requests are not allowed/);
  });

  it('refuses a cross-site tRPC mutation (403) and lets the session live', async () => {
    const cookie = await signedInCookie(deps);
    const res = await app.request('/api/trpc/admin.logout', {
      method: 'POST',
      headers: { ...json, Origin: 'https://evil.example', Cookie: cookie },
      body: '{}',
    });
    await expectRefusal(res, 403, /Cross-site/);
    const check = await app.request('/api/admin/check', { headers: { Cookie: cookie } });
    expect((await check.json()).authenticated).toBe(true);
  });

  it('refuses cross-site PATCH and DELETE too', async () => {
    const cookie = await signedInCookie(deps);
    for (const method of ['PATCH', 'DELETE']) {
      const res = await app.request('/api/ai-facts/1', {
        method,
        headers: { ...json, Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
        body: '{}',
      });
      expect(res.status).toBe(403);
    }
  });

  it.each([
    ['a same-origin Origin', { Origin: 'http://localhost' }],
    ['Sec-Fetch-Site same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }],
    ['neither header (curl, server to server)', {}],
  ])('allows %s', async (_name, headers) => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: loginBody,
    });
    expect(res.status).toBe(401);
  });

  it('allows a same-origin tRPC mutation', async () => {
    await insertUser(deps, 'alice');
    const res = await app.request('/api/trpc/admin.login', {
      method: 'POST',
      headers: { ...json, Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ username: 'alice', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^admin_session=/);
  });

  describe('behind a proxy (TRUST_PROXY=1, SITE_URL=https://example.com)', () => {
    beforeEach(async () => {
      deps = await createTestDeps({
        config: testConfig({ trustProxy: true, siteUrl: 'https://example.com' }),
      });
      app = createApp(deps);
    });

    const post = (headers: Record<string, string>) =>
      app.request('/api/admin/login', {
        method: 'POST',
        headers: { ...json, ...headers },
        body: loginBody,
      });

    it('allows an Origin of SITE_URL when the proxy rewrote Host to an internal name', async () => {
      const res = await post({
        Origin: 'https://example.com',
        Host: 'site-upstream:3001',
        'Sec-Fetch-Site': 'same-origin',
      });
      expect(res.status).toBe(401);
    });

    it('refuses an Origin that only X-Forwarded-Host names (403)', async () => {
      const res = await post({
        Origin: 'https://evil.example',
        'X-Forwarded-Host': 'evil.example',
        Host: 'site-upstream:3001',
      });
      await expectRefusal(res, 403, /Cross-site requests are not allowed/);
    });

    it('refuses another port of the SITE_URL host (403)', async () => {
      const res = await post({ Origin: 'https://example.com:8443', Host: 'site-upstream:3001' });
      expect(res.status).toBe(403);
    });

    it("still allows an Origin of the request's own Host (no proxy rewriting it)", async () => {
      const res = await post({ Origin: 'http://127.0.0.1:3000', Host: '127.0.0.1:3000' });
      expect(res.status).toBe(401);
    });
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY too', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { ...json, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' },
      body: loginBody,
    });
    expect(res.status).toBe(403);
  });

  it('does not check reads', async () => {
    const res = await app.request('/api/ai-facts', { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('body size', () => {
  it(`accepts a body of exactly ${MAX_BODY_BYTES} bytes`, async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: json,
      body: loginBodyOfSize(MAX_BODY_BYTES),
    });
    expect(res.status).toBe(401);
  });

  it(`refuses ${MAX_BODY_BYTES + 1} bytes sent without Content-Length (413)`, async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: json,
      body: loginBodyOfSize(MAX_BODY_BYTES + 1),
    });
    await expectRefusal(res, 413, /too large/);
  });

  it('refuses a declared Content-Length over the limit before reading (413)', async () => {
    const body = loginBodyOfSize(MAX_BODY_BYTES + 1);
    const res = await app.request('/api/trpc/admin.login', {
      method: 'POST',
      headers: { ...json, 'Content-Length': String(body.length) },
      body,
    });
    await expectRefusal(res, 413, /too large/);
  });

  it('refuses a chunked stream that grows past the limit (413)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectRefusal(res, 413, /too large/);
  });
});

describe('content type', () => {
  it('refuses text/plain (415)', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: loginBody,
    });
    await expectRefusal(res, 415, /must be JSON/);
  });

  it('refuses a form post (415)', async () => {
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(res.status).toBe(415);
  });

  it('accepts application/json with a charset', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: loginBody,
    });
    expect(res.status).toBe(401);
  });

  it('accepts a bodiless POST without Content-Type (logout, attach a tag)', async () => {
    const res = await app.request('/api/admin/logout', { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('refuses a body without Content-Type (415)', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      body: new TextEncoder().encode(loginBody),
    });
    expect(res.status).toBe(415);
  });
});

describe('precedence 413 > 415 > 403 > 429 > 401 > 400 > 404 > 409', () => {
  const crossSite = { Origin: 'https://evil.example' };

  it('413 before 415 and 403', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...crossSite },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
  });

  it('415 before 403', async () => {
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...crossSite },
      body: loginBody,
    });
    expect(res.status).toBe(415);
  });

  it('403 before 429, 429 before 401 and 400', async () => {
    for (let i = 0; i < 5; i++) {
      await app.request('/api/admin/login', { method: 'POST', headers: json, body: loginBody });
    }
    const crossSiteRes = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { ...json, ...crossSite },
      body: loginBody,
    });
    expect(crossSiteRes.status).toBe(403);
    const throttled = await app.request('/api/admin/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: '', password: '' }),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    const malformed = await app.request('/api/admin/login', {
      method: 'POST',
      headers: json,
      body: '{"username"',
    });
    expect(malformed.status).toBe(429);
  });

  it('429 with Retry-After over tRPC too', async () => {
    for (let i = 0; i < 5; i++) {
      await app.request('/api/trpc/admin.login', {
        method: 'POST',
        headers: json,
        body: loginBody,
      });
    }
    const res = await app.request('/api/trpc/admin.login', {
      method: 'POST',
      headers: json,
      body: loginBody,
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });

  it('401 before 400', async () => {
    const res = await app.request('/api/tags', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: '' }),
    });
    expect(res.status).toBe(401);
    const code = await app.request('/api/admin/verify-2fa', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ code: 'x' }),
    });
    expect(code.status).toBe(401);
  });

  it('400 before 404', async () => {
    const cookie = await signedInCookie(deps);
    const res = await app.request('/api/ai-facts/999999', {
      method: 'PATCH',
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ factText: 'x' }),
    });
    expect(res.status).toBe(400);
    const missing = await app.request('/api/ai-facts/999999', {
      method: 'PATCH',
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ factText: 'A valid fact text' }),
    });
    expect(missing.status).toBe(404);
  });

  // 409 only comes from POST /api/tags, which names no record, so 404 and 409 never meet;
  // this checks the 404 of a link to a missing fact.
  it('404 for a link to a missing fact', async () => {
    const admin = await adminCaller(deps);
    const tag = await admin.tags.create({ name: 'history' });
    const cookie = await signedInCookie(deps);
    const res = await app.request(`/api/ai-facts/999999/tags/${tag.id}`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(404);
  });
});

describe('security headers', () => {
  it('sets a CSP without inline scripts and the other headers on every response', async () => {
    for (const path of ['/api/ai-facts', '/healthz', '/api/nope']) {
      const res = await app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()',
      );
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('allows only the configured video host in frame-src, and its thumbnails', async () => {
    deps = await createTestDeps({
      config: testConfig({ videoFrameHost: 'https://www.youtube-nocookie.com' }),
    });
    const csp =
      (await createApp(deps).request('/healthz')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com;");
  });

  it('adds the given inline script hashes', async () => {
    const hash = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    const csp =
      (await createApp(deps, { scriptHashes: [hash] }).request('/healthz')).headers.get(
        'content-security-policy',
      ) ?? '';
    expect(csp).toContain(`script-src 'self' '${hash}';`);
  });

  it('sends HSTS only in production', async () => {
    deps = await createTestDeps({ config: testConfig({ production: true }) });
    const res = await createApp(deps).request('/healthz');
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('caching of API answers', () => {
  it('sends no-store on every /api answer but the public facts', async () => {
    const cookie = await signedInCookie(deps);
    const get = (path: string) => app.request(path, { headers: { cookie } });
    for (const path of [
      '/api/admin/check',
      '/api/messages',
      '/api/subscribers',
      '/api/ai-facts/all',
      '/api/trpc/messages.list',
      '/api/trpc/admin.check',
      '/api/nope',
    ]) {
      expect([path, (await get(path)).headers.get('cache-control')]).toEqual([path, 'no-store']);
    }
    const refused = await app.request('/api/contact', {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/ai-facts', '/api/trpc/facts.listPublic']) {
      expect([path, (await get(path)).headers.get('cache-control')]).toEqual([path, 'no-cache']);
    }
  });
});

describe('tRPC batches', () => {
  const batch = (calls: number) =>
    app.request(
      `/api/trpc/${Array.from({ length: calls }, () => 'admin.check').join(',')}?batch=1`,
    );

  it(`answers a batch of up to ${MAX_BATCH_SIZE} calls and refuses a larger one with 400`, async () => {
    const allowed = await batch(MAX_BATCH_SIZE);
    expect(allowed.status).toBe(200);
    expect((await allowed.json()) as unknown[]).toHaveLength(MAX_BATCH_SIZE);
    const refused = await batch(MAX_BATCH_SIZE + 1);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('errors and logs', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await app.request('/api/x', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('answers an unexpected failure with 500, a generic message and the request id, no stack', async () => {
    await closeDatabase(deps.db);
    const res = await app.request('/healthz');
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body).toEqual({
      success: false,
      message: 'Something went wrong on our side',
      requestId: res.headers.get('x-request-id'),
    });
    expect(text).not.toMatch(/at |\.ts|database/i);
    const logged = deps.logger.lines.find((l) => l.includes('"request.failed"')) ?? '';
    expect(logged).toContain(body.requestId);
  });

  it('logs one line per request without cookies or query strings', async () => {
    const cookie = await signedInCookie(deps);
    deps.logger.lines.length = 0;
    await app.request('/api/ai-facts/all?secret=query-value', { headers: { Cookie: cookie } });
    const requestLines = deps.logger.lines.filter((l) => l.includes('"event":"request"'));
    expect(requestLines).toHaveLength(1);
    const line = JSON.parse(requestLines[0] ?? '{}');
    expect(line).toMatchObject({
      method: 'GET',
      path: '/api/ai-facts/all',
      status: 200,
      ip: 'unknown',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(typeof line.ms).toBe('number');
    const all = deps.logger.lines.join('\n');
    expect(all).not.toContain(cookie.split('=')[1]);
    expect(all).not.toContain('query-value');
  });

  it('logs the analytics beacon’s requests without the client address', async () => {
    const { app: proxied, deps: behindProxy } = await createTestApp({
      config: testConfig({ trustProxy: true }),
    });
    const post = (path: string) =>
      proxied.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' },
        body: JSON.stringify({ name: 'pageview', url: 'http://localhost/' }),
      });
    expect((await post('/api/event')).status).toBe(202);
    await post('/api/subscribe');
    const lines = behindProxy.logger.lines
      .filter((l) => l.includes('"event":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.path, l.ip])).toEqual([
      ['/api/event', undefined],
      ['/api/subscribe', '198.51.100.0/24'],
    ]);
  });

  it('logs a client by its /24 or /48, never its full address', async () => {
    const { app: proxied, deps: behindProxy } = await createTestApp({
      config: testConfig({ trustProxy: true }),
    });
    for (const ip of ['203.0.113.99', '2001:db8:5:6:7:8:9:a']) {
      await proxied.request('/', { headers: { 'x-forwarded-for': ip } });
    }
    const lines = behindProxy.logger.lines.filter((l) => l.includes('"event":"request"'));
    expect(lines.map((l) => (JSON.parse(l) as Record<string, unknown>).ip)).toEqual([
      '203.0.113.0/24',
      '2001:db8:5::/48',
    ]);
    expect(lines.join('\n')).not.toMatch(/203\.0\.113\.99|2001:db8:5:6/);
  });
});
