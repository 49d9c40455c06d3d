/**
 * The warm-up server.ts awaits before it listens (docs/performance.md, "Cold start"): after it,
 * the first GET / loads nothing and renders nothing; it answers from the ready page, whose
 * compressed copies the warm-up does not wait for ("Production start").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/app';
import type { PageRenderer } from '#server/content/pages';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { writeCspHashes } from '../../../scripts/csp-hashes';

const TEMPLATE = `<!doctype html><html><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>`;

let dir: string;
let deps: TestDeps;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'warm-up-'));
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(path.join(dir, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(dir, 'index.html'), '<p>the build of the defaults</p>');
  writeCspHashes(dir);
  deps = await createTestDeps();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for client/entry-server.tsx that counts its loads and renders. */
function countingRenderer(render: () => Promise<string> = async () => '<main>home</main>') {
  const counts = { loads: 0, renders: 0 };
  const renderer: PageRenderer = {
    renderHome: async () => {
      counts.renders += 1;
      return render();
    },
    renderLegal: async () => '<main>legal</main>',
    renderFramed: async (_content, html) => `<main>${html}</main>`,
    renderNotFound: async () => '<main>404</main>',
  };
  const load = async () => {
    counts.loads += 1;
    return renderer;
  };
  return { counts, load };
}

describe('warmUp', () => {
  it('loads the renderer and renders / once; the first GET / then does neither', async () => {
    const { counts, load } = countingRenderer();
    const app = createApp(deps, { clientDir: dir, loadPageRenderer: load });
    expect(counts).toEqual({ loads: 0, renders: 0 });

    await app.warmUp();
    expect(counts).toEqual({ loads: 1, renders: 1 });
    expect(deps.logger.lines.some((line) => line.includes('"server.warmed"'))).toBe(true);

    const first = await app.request('/');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<main>home</main>');
    expect(counts).toEqual({ loads: 1, renders: 1 });
  });

  it('resolves only once the page is rendered', async () => {
    let finish: ((html: string) => void) | null = null;
    const { load } = countingRenderer(() => new Promise<string>((resolve) => (finish = resolve)));
    const app = createApp(deps, { clientDir: dir, loadPageRenderer: load });
    let warmed = false;
    const warming = app.warmUp().then(() => (warmed = true));
    // Poll until the render has started (the renderer loaded, the content read).
    await expect.poll(() => finish !== null).toBe(true);
    expect(warmed).toBe(false);
    finish!('<main>home</main>');
    await warming;
    expect(warmed).toBe(true);
  });

  it('a GET / right after gets the compressed copies the warm-up left to finish, made once', async () => {
    const { counts, load } = countingRenderer(async () => `<main>${'home '.repeat(2000)}</main>`);
    const app = createApp(deps, { clientDir: dir, loadPageRenderer: load });
    await app.warmUp();
    const asking = (encoding: string) =>
      app.request('/', { headers: { 'accept-encoding': encoding } });
    const [br, gzip] = await Promise.all([asking('br'), asking('gzip')]);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      '<main>home home',
    );
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(counts).toEqual({ loads: 1, renders: 1 });
  });

  it('a failed render is logged, not fatal: the first GET / renders the page', async () => {
    let fail = true;
    const { counts, load } = countingRenderer(async () => {
      if (fail) throw new Error('no React today');
      return '<main>home</main>';
    });
    const app = createApp(deps, { clientDir: dir, loadPageRenderer: load });
    await app.warmUp();
    expect(deps.logger.lines.some((line) => line.includes('"server.warm_up_failed"'))).toBe(true);

    fail = false;
    const first = await app.request('/');
    expect(await first.text()).toContain('<main>home</main>');
    expect(counts.renders).toBe(2);
  });

  it('without a build (API-only) it reads the facts and resolves', async () => {
    const app = createApp(deps);
    await app.warmUp();
    expect(deps.logger.lines.some((line) => line.includes('"server.warmed"'))).toBe(true);
  });
});
