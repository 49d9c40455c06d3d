import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDeps } from '#tests/support/app';
import { createApp } from '#server/app/app';
import { writeCspHashes } from '../../../scripts/csp-hashes';

let dir: string;
let app: ReturnType<typeof createApp>;

const page = (text: string) => `<!doctype html><html><body>${text.repeat(200)}</body></html>`;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'client-cache-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), page('first '));
  writeFileSync(path.join(dir, 'app.html'), page('app '));
  writeFileSync(path.join(dir, 'assets', 'chunk-Ab1.js'), `console.log(${'1'.repeat(3000)})`);
  writeCspHashes(dir);
  app = createApp(await createTestDeps(), { clientDir: dir });
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files kept in memory', () => {
  it('a changed page is served anew within a second, not on every request', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    expect(await (await app.request('/')).text()).toContain('first');
    writeFileSync(path.join(dir, 'index.html'), page('second '));
    // Within the second: the copy in memory, no look at the disk.
    expect(await (await app.request('/')).text()).toContain('first');
    vi.advanceTimersByTime(1001);
    expect(await (await app.request('/')).text()).toContain('second');
  });

  it('a hashed asset is never read again (its name changes with its content)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const first = await (await app.request('/assets/chunk-Ab1.js')).text();
    rmSync(path.join(dir, 'assets', 'chunk-Ab1.js'));
    vi.advanceTimersByTime(60_000);
    const res = await app.request('/assets/chunk-Ab1.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(first);
  });

  it('answers from memory with the same bytes and headers as the first time, HEAD included', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await app.request('/', { headers });
    const firstBody = Buffer.from(await first.arrayBuffer());
    const second = await app.request('/', { headers });
    expect(Buffer.from(await second.arrayBuffer())).toEqual(firstBody);
    expect(brotliDecompressSync(firstBody).toString()).toContain('first');
    for (const name of ['content-encoding', 'etag', 'content-length', 'content-security-policy']) {
      expect(second.headers.get(name)).toBe(first.headers.get(name));
    }
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const head = await app.request('/', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('a deleted page is a 404 once the second is over', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    expect((await app.request('/favicon.svg')).status).toBe(404);
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    expect((await app.request('/robots.txt')).status).toBe(200);
    rmSync(path.join(dir, 'robots.txt'));
    vi.advanceTimersByTime(1001);
    expect((await app.request('/robots.txt')).status).toBe(404);
  });
});
