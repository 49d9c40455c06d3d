import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/app';
import { CSP_HASHES_FILE, MissingCspHashesError } from './csp-hashes';
import { writeCspHashes } from '../../../scripts/csp-hashes';
import { createTestDeps } from '#tests/support/app';

let dir: string;
let app: ReturnType<typeof createApp>;

const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
const INDEX = `<!doctype html><html><head><title>App</title><script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
const APP = `<!doctype html><html><head><title>Admin</title><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-Zz9.js"></script></head><body><div id="root"></div></body></html>`;
/** Bytes 0..255 repeated: any range of it is recognisable. */
const VIDEO = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'app.html'), APP);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'tiny-Xy9.css'), 'a{}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  mkdirSync(path.join(dir, 'media'));
  writeFileSync(path.join(dir, 'media', 'demo.Ab12.mp4'), VIDEO);
  writeFileSync(path.join(dir, 'media', 'demo.Cd34.vtt'), `WEBVTT\n\n${'1\n'.repeat(600)}`);
  // A precompressed sibling that differs from what compressing on the fly would give.
  writeFileSync(path.join(dir, 'assets', 'pre-1.css'), 'b{}'.repeat(1000));
  writeFileSync(path.join(dir, 'assets', 'pre-1.css.gz'), Buffer.from('precompressed marker'));
  // What the build does after the prerender.
  writeCspHashes(dir);
  app = createApp(await createTestDeps(), { clientDir: dir });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serveClient', () => {
  it('answers / with the home page (index.html), not cached', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/admin', '/admin/login', '/admin/dashboard', '/admin/ai-fact-edit/3', '/admin/'])(
    'answers the client route %s with the router app (app.html), not cached',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(APP);
    },
  );

  it.each(['/admin/invite', '/admin/reset-password'])(
    'sends no Referer from %s, whose address holds a token',
    async (page) => {
      const res = await app.request(`${page}?token=abc`);
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect((await app.request('/admin/login')).headers.get('referrer-policy')).toBe(
        'strict-origin-when-cross-origin',
      );
    },
  );

  it.each(['/whatever', '/admin/nope', '/admin/ai-fact-edit/3/more'])(
    'answers %s, which no client route matches, with the app page and status 404',
    async (url) => {
      const first = await app.request(url);
      expect(first.status).toBe(404);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(first.headers.get('etag')).toBeNull();
      expect(await first.text()).toBe(APP);
      const etag = (await app.request('/admin/login')).headers.get('etag') ?? '';
      const again = await app.request(url, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(404);
      expect(await again.text()).toBe(APP);
    },
  );

  it.each(['/robots.txt', '/sitemap.xml', '/assets/missing-123.js', '/favicon.ico', '/.env'])(
    'answers the missing file %s with 404, never index.html',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<html');
    },
  );

  it('sends /index.html to / and keeps the built app page to itself, GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const index = await app.request('/index.html?x=1', { method });
      expect(index.status).toBe(301);
      expect(index.headers.get('location')).toBe('/');
      const appFile = await app.request('/app.html', { method });
      expect(appFile.status).toBe(404);
      expect(await appFile.text()).not.toContain('<html');
    }
  });

  it('does not serve files outside the folder', async () => {
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2fpackage.json']) {
      const res = await app.request(url);
      expect(res.status).toBe(404);
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await app.request('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Only the uploaded logo and sharing image load from other origins (media/serve.ts).
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(await res.text()).toBe(SCRIPT);
  });

  it('answers scripts and stylesheets without the headers only a document obeys; pages and SVG keep them', async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
    ];
    const kept = ['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];
    for (const url of ['/assets/index-AbC123.js', '/assets/tiny-Xy9.css', '/assets/pre-1.css']) {
      for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
        const res = await app.request(url, { headers });
        expect(res.status, url).toBe(200);
        for (const name of documentOnly)
          expect(res.headers.has(name), `${url} ${name}`).toBe(false);
        for (const name of kept) expect(res.headers.has(name), `${url} ${name}`).toBe(true);
        expect(res.headers.get('x-request-id'), url).toBeTruthy();
        // Its 304 too.
        const again = await app.request(url, {
          headers: { ...headers, 'if-none-match': res.headers.get('etag') ?? '' },
        });
        expect(again.status, url).toBe(304);
        expect(again.headers.has('content-security-policy'), url).toBe(false);
      }
    }
    for (const url of ['/', '/favicon.svg', '/admin/login']) {
      const res = await app.request(url);
      for (const name of [...documentOnly, ...kept]) {
        expect(res.headers.has(name), `${url} ${name}`).toBe(true);
      }
    }
  });

  it('serves the demo video files (/media/, hashed names) as immutable, captions as text/vtt', async () => {
    const video = await app.request('/media/demo.Ab12.mp4');
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(video.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await video.arrayBuffer()).equals(VIDEO)).toBe(true);
    const captions = await app.request('/media/demo.Cd34.vtt');
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(captions.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a byte range of a video with 206, as seeking in Chrome and Safari asks', async () => {
    const part = async (range: string, more: Record<string, string> = {}) =>
      app.request('/media/demo.Ab12.mp4', { headers: { Range: range, ...more } });
    const first = await part('bytes=0-1');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-1/3000');
    expect(first.headers.get('content-length')).toBe('2');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect([...new Uint8Array(await first.arrayBuffer())]).toEqual([0, 1]);

    const middle = await part('bytes=1000-');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 1000-2999/3000');
    expect(Buffer.from(await middle.arrayBuffer()).equals(VIDEO.subarray(1000))).toBe(true);

    const suffix = await part('bytes=-10');
    expect(suffix.headers.get('content-range')).toBe('bytes 2990-2999/3000');
    expect((await suffix.arrayBuffer()).byteLength).toBe(10);

    const pastEnd = await part('bytes=2990-9999');
    expect(pastEnd.headers.get('content-range')).toBe('bytes 2990-2999/3000');

    const unsatisfiable = await part('bytes=3000-');
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */3000');

    // Several ranges, another unit, nonsense, or an If-Range our weak ETag cannot match:
    // the whole file, which RFC 9110 allows.
    for (const [range, more] of [
      ['bytes=0-1,5-6', {}],
      ['items=0-1', {}],
      ['bytes=9-3', {}],
      ['bytes=0-1', { 'If-Range': first.headers.get('etag') ?? '' }],
    ] as const) {
      const whole = await part(range, more);
      expect(whole.status, range).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(3000);
    }
  });

  it('answers Range on a compressible text file with the whole file', async () => {
    const res = await app.request('/assets/index-AbC123.js', { headers: { Range: 'bytes=0-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBeNull();
  });

  it('serves other real files with revalidation', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('compresses with brotli or gzip as accepted', async () => {
    const br = await app.request('/assets/index-AbC123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(brBody).toString()).toBe(SCRIPT);

    const gz = await app.request('/assets/index-AbC123.js', {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await app.request('/assets/index-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('prefers a precompressed sibling', async () => {
    const res = await app.request('/assets/pre-1.css', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('precompressed marker');
  });

  it('leaves tiny files uncompressed', async () => {
    const res = await app.request('/assets/tiny-Xy9.css', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('a{}');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await app.request('/admin/dashboard');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
    const again = await app.request('/admin/dashboard', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps unknown /api paths as JSON 404 and security headers on pages', async () => {
    const api = await app.request('/api/whatever');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'Not found' });
    const page = await app.request('/');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('allows exactly the inline scripts of the built pages by hash', async () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`));
  });

  it('lists in script-src exactly the hashes of the inline scripts in the served pages', async () => {
    const served = [await app.request('/'), await app.request('/admin/login')];
    const inline = new Set<string>();
    for (const res of served) {
      for (const [, attributes = '', body = ''] of (await res.text()).matchAll(
        /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
      )) {
        if (!attributes.includes('src=') && body !== '') {
          inline.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        }
      }
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
      expect(scriptSrc).toEqual(["'self'", ...inline]);
    }
    expect(inline.size).toBe(1);
  });

  it('takes the hashes from the build, not from the pages as they are at start', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'client-'));
    try {
      writeFileSync(path.join(copy, 'index.html'), INDEX);
      mkdirSync(path.join(copy, '.render'));
      writeFileSync(path.join(copy, CSP_HASHES_FILE), JSON.stringify(['sha256-fromthebuild']));
      const csp = (
        await createApp(await createTestDeps(), { clientDir: copy }).request('/')
      ).headers.get('content-security-policy');
      expect(csp).toContain("script-src 'self' 'sha256-fromthebuild';");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('refuses to start on a build without its hashes file, naming it and the fix', async () => {
    const old = mkdtempSync(path.join(tmpdir(), 'client-'));
    try {
      writeFileSync(path.join(old, 'index.html'), INDEX);
      const deps = await createTestDeps();
      expect(() => createApp(deps, { clientDir: old })).toThrow(MissingCspHashesError);
      expect(() => createApp(deps, { clientDir: old })).toThrow(
        `${path.join(old, CSP_HASHES_FILE)} not found: the client was built by an older version; run \`npm run build\` (npm start does it)`,
      );
      // A folder without pages (no build yet) serves the API without hashes, as before.
      rmSync(path.join(old, 'index.html'));
      expect(() => createApp(deps, { clientDir: old })).not.toThrow();
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
