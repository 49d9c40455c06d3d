/**
 * GET /search?q= (docs/content.md, "Search") through the whole app: the form, the results in
 * the site's frame, "No results", the `q` rule as a message with 400, the throttle shared with
 * GET /api/search, noindex, and the form on the entry lists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '#shared/site-search';
import { createApp, type App } from '#server/app/app';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { writeTransaction } from '#db';
import { saveEnabled } from '#server/assistant/settings';
import { AI_ON } from '#tests/support/ai';
import { adminCaller, createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { writeCspHashes } from '../../../scripts/csp-hashes';
import { SEARCH_REQUESTS } from './throttle-rules';

const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>`;

let dir: string;
let app: App;
let deps: TestDeps;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'search-page-'));
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(path.join(dir, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(dir, 'index.html'), '<p>the build of the defaults</p>');
  writeCspHashes(dir);
  deps = await createTestDeps({ config: testConfig({ trustProxy: true, ...AI_ON }) });
  app = createApp(deps, { clientDir: dir });
  const admin = await adminCaller(deps);
  const { entry } = await admin.entries.create({
    kind: 'case_study',
    slug: 'faster-answers',
    title: 'Faster <answers>',
    summary: 'Proof.',
    body: 'A support desk & its agent.',
  });
  await admin.entries.publish({ id: entry.id });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const IP = '198.51.100.7';

async function page(url: string, ip = IP) {
  const response = await app.request(url, { headers: { 'x-forwarded-for': ip } });
  const text = await response.text();
  const main = text.slice(text.indexOf('<h1>'), text.indexOf('</article>'));
  return { status: response.status, headers: response.headers, text, main };
}

describe('the search page', () => {
  it('is a GET form with a label in the site frame, noindex, never kept', async () => {
    const { status, headers, text, main } = await page('/search');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(text).toContain('<meta name="robots" content="noindex" />');
    expect(text).toContain('<title>Search | Acme AI Engineering</title>');
    expect(main).toContain('<form role="search" method="get" action="/search"');
    expect(main).toContain('<label for="search-q"');
    expect(main).toContain('<input id="search-q" type="search" name="q" value=""');
    expect(main).not.toContain('role="status"');
  });

  it('shows the results: title linking to the page, kind, the marked snippet; escaped', async () => {
    const { status, main } = await page('/search?q=support');
    expect(status).toBe(200);
    expect(main).toContain('1 result for “support”.');
    expect(main).toContain('<a href="/case-studies/faster-answers">Faster &lt;answers&gt;</a>');
    expect(main).toContain('Case study');
    expect(main).toContain('<p>A <mark>support</mark> desk &amp; its agent.</p>');
    expect(main).toContain('value="support"');
  });

  it('says so when nothing is found, the words escaped', async () => {
    const { status, main } = await page(`/search?q=${encodeURIComponent('<script>x')}`);
    expect(status).toBe(200);
    expect(main).toContain('No results for “&lt;script&gt;x”.');
    expect(main).not.toContain('<script>');
  });

  it('with no result offers the lists that exist, the contact form and a likely word', async () => {
    const { status, main } = await page('/search?q=suport');
    expect(status).toBe(200);
    expect(main).toContain('No results for “suport”.');
    // The word of the entries nearest to the one typed, as a search that finds something.
    expect(main).toContain('Did you mean <a href="/search?q=support">support</a>?');
    expect(main).toContain('<a href="/case-studies">');
    // No insight is published: its list is no page, so it is not offered.
    expect(main).not.toContain('href="/insights"');
    expect(main).toContain('<a href="/#contact">');
    // The assistant is off: not offered.
    expect(main).not.toContain('Ask a question');
    // Nothing near enough: no suggestion, the other ways on still.
    const far = await page('/search?q=zzzzqqq');
    expect(far.main).not.toContain('Did you mean');
    expect(far.main).toContain('<a href="/#contact">');
  });

  it('with no result offers the assistant while it is on', async () => {
    await writeTransaction(deps.db, (tx) =>
      saveEnabled(tx, { enabled: true, now: deps.clock.now(), by: 'admin' }),
    );
    const { main } = await page('/search?q=nothing%20at%20all');
    expect(main).toContain('Ask a question');
  });

  it('shows the 2-100 rule as a message with 400', async () => {
    for (const q of ['a', ' b ', 'x'.repeat(101)]) {
      const { status, main } = await page(`/search?q=${encodeURIComponent(q)}`);
      expect(status).toBe(400);
      expect(main).toContain(`<p role="status" class="font-semibold">${SEARCH_MESSAGES.q}</p>`);
      expect(main).not.toContain('<ol');
    }
  });

  it('shares one throttle with GET /api/search: 30 a minute an address, either way', async () => {
    for (let i = 0; i < SEARCH_REQUESTS.limit; i += 1) {
      const path = i % 2 === 0 ? '/search?q=support' : '/api/search?q=support';
      expect((await app.request(path, { headers: { 'x-forwarded-for': IP } })).status).toBe(200);
    }
    const throttled = await page('/search?q=support');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.main).toContain(SEARCH_REQUESTS.message);
    expect((await rest(app, 'GET', '/api/search?q=support', { ip: IP })).status).toBe(429);
    // Another address is not slowed.
    expect((await page('/search?q=support', '198.51.100.99')).status).toBe(200);
  });

  it('is offered on the entry lists', async () => {
    const list = await page('/case-studies');
    expect(list.status).toBe(200);
    expect(list.text).toContain('<form role="search" method="get" action="/search"');
  });
});
