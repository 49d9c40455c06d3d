import { Hono } from 'hono';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './hono-env';
import { cacheControlOf, readyAnswer, type ReadyAnswer, type ReadyBytes } from './ready-bytes';

const body = Buffer.from('<p>hello</p>'.repeat(200));
const page: ReadyBytes = {
  body,
  etag: '"page-1"',
  type: 'text/html; charset=utf-8',
  encoded: { br: brotliCompressSync(body), gzip: gzipSync(body) },
};
const json: ReadyBytes = {
  body: Buffer.from('{"ok":true}'),
  etag: '"json-1"',
  type: 'application/json',
  encoded: null,
};

function serve(ready: ReadyBytes, answer: ReadyAnswer = { cacheControl: 'no-cache' }) {
  return new Hono<AppEnv>().get('/', (c) => readyAnswer(c, ready, answer));
}

async function get(app: Hono<AppEnv>, headers: Record<string, string> = {}, method = 'GET') {
  const res = await app.request('/', { method, headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('readyAnswer: bytes in memory with an ETag', () => {
  it('answers 200 with the bytes, their type, ETag, Cache-Control and length', async () => {
    const { res, bytes } = await get(serve(json));
    expect(res.status).toBe(200);
    expect(bytes.equals(json.body)).toBe(true);
    expect(Object.fromEntries(res.headers)).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-cache',
      etag: '"json-1"',
      'content-length': String(json.body.byteLength),
    });
  });

  it('answers 304 without a body, length or encoding when If-None-Match names the bytes', async () => {
    for (const ifNoneMatch of ['"page-1"', 'W/"page-1"', '"x", "page-1"', '*']) {
      const { res, bytes } = await get(serve(page), {
        'if-none-match': ifNoneMatch,
        'accept-encoding': 'br',
      });
      expect(res.status).toBe(304);
      expect(bytes.byteLength).toBe(0);
      expect(res.headers.get('etag')).toBe('"page-1"');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('content-encoding')).toBeNull();
    }
    expect((await get(serve(page), { 'if-none-match': '"page-0"' })).res.status).toBe(200);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
  ] as const)('Accept-Encoding %j gets %s', async (acceptEncoding, encoding) => {
    const { res, bytes } = await get(serve(page), { 'accept-encoding': acceptEncoding });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const sent = encoding ? page.encoded?.[encoding] : page.body;
    expect(bytes.equals(sent ?? Buffer.alloc(0))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
  });

  it('sends bytes as they are when they have no compressed copies, or not that one yet', async () => {
    const plain = await get(serve(json), { 'accept-encoding': 'br, gzip' });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('vary')).toBeNull();
    const onlyGzip: ReadyBytes = { ...page, encoded: { gzip: gzipSync(body) } };
    const { res, bytes } = await get(serve(onlyGzip), { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(bytes.equals(body)).toBe(true);
  });

  it('sends a 404 with its body and no ETag, never a 304', async () => {
    const app = serve(page, { status: 404, cacheControl: 'no-cache' });
    const { res, bytes } = await get(app, { 'if-none-match': '"page-1"' });
    expect(res.status).toBe(404);
    expect(bytes.equals(body)).toBe(true);
    expect(res.headers.get('etag')).toBeNull();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { res, bytes } = await get(serve(page), { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(bytes.byteLength).toBe(0);
    expect(res.headers.get('content-length')).toBe(String(page.encoded?.gzip?.byteLength));
  });

  it("adds the bytes' own headers and this answer's, the answer's last", async () => {
    const ranged: ReadyBytes = { ...json, headers: { 'Accept-Ranges': 'bytes' } };
    const app = serve(ranged, {
      cacheControl: cacheControlOf('image/png', true),
      headers: { 'Cache-Control': 'private', 'X-Extra': '1' },
    });
    const { res } = await get(app);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private');
    expect(res.headers.get('x-extra')).toBe('1');
  });

  it('keeps HTML revalidated, other names revalidated too, hashed names for a year', () => {
    expect(cacheControlOf('text/html; charset=utf-8')).toBe('no-cache');
    expect(cacheControlOf('application/xml')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlOf('text/css', true)).toBe('public, max-age=31536000, immutable');
  });
});
