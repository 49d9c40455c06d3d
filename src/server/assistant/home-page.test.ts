/**
 * "Ask a question" on the home page (docs/assistant.md, "The panel"): rendered only while the
 * assistant is on; off, or without AI_PROVIDER whatever was saved, the page is byte for byte
 * the page without it. A switch shows on `/` within the half second the page's checks are kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { ASSISTANT_LAUNCHER_ID } from '#client/home/assistant-launcher';
import { createApp, type App } from '#server/app/app';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { PUBLISHED_CHECK_MS } from '#server/site/site-content';
import { AI_ON } from '#tests/support/ai';
import { createTestDeps, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { writeCspHashes } from '../../../scripts/csp-hashes';
import { saveEnabled } from './settings';

const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function appOn(deps: TestDeps): App {
  const dir = mkdtempSync(path.join(tmpdir(), 'assistant-home-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(path.join(dir, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(dir, 'index.html'), '<p>the build of the defaults</p>');
  writeCspHashes(dir);
  return createApp(deps, { clientDir: dir });
}

/** `/` once the page may ask again (at most every 500 ms). */
async function home(app: App, deps: TestDeps): Promise<string> {
  deps.clock.advance(PUBLISHED_CHECK_MS);
  const response = await app.request('/');
  expect(response.status).toBe(200);
  return response.text();
}

const BUTTON = `id="${ASSISTANT_LAUNCHER_ID}"`;

describe('"Ask a question" on the home page', () => {
  it('is in the page only while the assistant is on, and the page is otherwise unchanged', async () => {
    const deps = await createTestDeps({ config: testConfig(AI_ON) });
    const app = appOn(deps);
    const cookie = await signedInCookie(deps);
    const off = await home(app, deps);
    expect(off).not.toContain(BUTTON);
    expect(off).not.toContain('Ask a question');

    const on = async (enabled: boolean) =>
      expect(
        (await rest(app, 'PUT', '/api/assistant/settings', { cookie, json: { enabled } })).status,
      ).toBe(200);
    await on(true);
    const shown = await home(app, deps);
    expect(shown).toContain(BUTTON);
    expect(shown.match(/Ask a question/g)).toHaveLength(1);
    // Beside the sections, never in their place: the page less the button (and the room it
    // keeps under the footer) is the page off.
    expect(
      shown.replace(
        /<div class="[^"]*"><\/div><button[^>]*id="assistant-launcher"[^>]*>Ask a question<\/button>/,
        '',
      ),
    ).toBe(off);

    await on(false);
    expect(await home(app, deps)).toBe(off);
  });

  it('is never in the page without AI_PROVIDER, whatever was saved', async () => {
    const deps = await createTestDeps();
    await writeTransaction(deps.db, (tx) =>
      saveEnabled(tx, { enabled: true, now: deps.clock.now(), by: 'admin' }),
    );
    const page = await home(appOn(deps), deps);
    expect(page).toContain('id="root"');
    expect(page).not.toContain(BUTTON);
    expect(page).not.toContain('Ask a question');
  });
});
