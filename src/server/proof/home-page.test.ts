/**
 * The home page's proof (docs/content.md, "On the home page"), through the whole app: a fresh
 * site's `/` is byte for byte the page of the content alone, drafts change nothing, and once
 * a case study, a testimonial and a logo are published they show after About, with the feeds
 * named in the head; on every instance of one database within the half second the counters
 * are kept (home-proof.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { homeHeadTags } from '#shared/seo';
import { createApp, type App } from '#server/app/app';
import { loadEntryRenderer } from '#server/app/page-renderer';
import { composePage, TEMPLATE_FILE } from '#server/content/page-template';
import { latestContent, PUBLISHED_CHECK_MS } from '#server/site/site-content';
import { pagesOrigin, resolveSiteSettings } from '#server/site/site-settings';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { testImage } from '#tests/support/images';
import { writeCspHashes } from '../../../scripts/csp-hashes';
import { homeProofHtml } from './home-sections';
import { NO_PROOF } from './home-proof';

const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>`;

function clientDir(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'home-proof-'));
  mkdirSync(path.join(made, '.render'));
  writeFileSync(path.join(made, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(made, 'index.html'), '<p>the build of the defaults</p>');
  writeCspHashes(made);
  return made;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function appOn(deps: TestDeps): App {
  const dir = clientDir();
  dirs.push(dir);
  return createApp(deps, { clientDir: dir });
}

/** `/` once the counters may be asked again (at most every 500 ms: home-proof.ts). */
const home = async (app: App, deps: TestDeps) => {
  deps.clock.advance(PUBLISHED_CHECK_MS);
  const response = await app.request('/');
  expect(response.status).toBe(200);
  return { text: await response.text(), etag: response.headers.get('etag') };
};

/** `/` as the code before the proof rendered it: the content alone, nothing else. */
async function pageOfContentAlone(deps: TestDeps): Promise<string> {
  const current = await latestContent(deps.db);
  const site = resolveSiteSettings(deps.config, current.settings);
  const renderer = await loadEntryRenderer();
  return composePage(TEMPLATE, {
    appHtml: await renderer.renderHome(current.content),
    headTags: homeHeadTags(current.content, site.address, pagesOrigin(site)),
    content: current.content,
    page: '/',
  });
}

const CONSENT = { at: '2026-01-10', how: 'e-mail of 10 January' };
const png = async (width: number, height: number) => ({
  name: 'a.png',
  bytes: new Uint8Array(await testImage('png', width, height)),
});

/** A case study, a testimonial and a logo, each left a draft. */
async function drafts(admin: Caller) {
  const { entry } = await admin.entries.create({
    kind: 'case_study',
    slug: 'answers-in-minutes',
    title: 'Answers <in> minutes',
    summary: 'A support team cut its time to answer.',
    body: 'B',
    client: 'Northwind',
    results: [{ label: 'Time to answer', value: '-63 %' }],
  });
  const { testimonial } = await admin.testimonials.create({
    quote: 'They shipped in <b>two</b> weeks.',
    name: 'Ada Byron',
    role: 'CTO',
    company: 'Northwind',
    consent: CONSENT,
    entryId: entry.id,
  });
  await admin.testimonials.uploadPhoto({ id: testimonial.id, file: await png(96, 96), alt: 'Ada' });
  const { clientLogo } = await admin.clientLogos.create({
    name: 'Northwind',
    url: 'https://northwind.example/?a=1&b=2',
    consent: CONSENT,
  });
  await admin.clientLogos.uploadImage({ id: clientLogo.id, file: await png(400, 100), alt: '' });
  return { entryId: entry.id, testimonialId: testimonial.id, logoId: clientLogo.id };
}

describe('the home page before anything is published', () => {
  it('is byte for byte the page of the content alone, drafts or not', async () => {
    expect(homeProofHtml(NO_PROOF)).toBe('');
    const deps = await createTestDeps();
    const app = appOn(deps);
    const fresh = await home(app, deps);
    expect(fresh.text).toBe(await pageOfContentAlone(deps));
    expect(fresh.text).not.toContain('rel="alternate"');

    await drafts(await adminCaller(deps));
    const withDrafts = await home(app, deps);
    expect(withDrafts.text).toBe(fresh.text);
    expect(withDrafts.etag).toBe(fresh.etag);
  });
});

describe('the home page once proof is published', () => {
  it('shows the case study, testimonial and logo after About, names the feeds, and goes back when unpublished', async () => {
    const deps = await createTestDeps();
    const app = appOn(deps);
    const admin = await adminCaller(deps);
    const before = await home(app, deps);
    const { entryId, testimonialId, logoId } = await drafts(admin);
    await admin.entries.publish({ id: entryId });
    await admin.testimonials.publish({ id: testimonialId });
    await admin.clientLogos.publish({ id: logoId });

    const { text, etag } = await home(app, deps);
    expect(etag).not.toBe(before.etag);
    const at = (mark: string) => text.indexOf(mark);
    expect(at('id="about"')).toBeGreaterThan(0);
    expect(at('id="proof"')).toBeGreaterThan(at('id="about"'));
    expect(at('id="contact"')).toBeGreaterThan(at('id="proof"'));
    const proof = text.slice(at('id="proof"'), at('id="contact"'));
    // The case study: escaped title linking to its page, its result, the list's link.
    expect(proof).toContain(
      'href="/case-studies/answers-in-minutes">Answers &lt;in&gt; minutes</a>',
    );
    expect(proof).toContain('-63 %');
    expect(proof).toContain('href="/case-studies">All case studies</a>');
    // The testimonial: quote escaped, name, role and company, photo with its size.
    expect(proof).toContain('They shipped in &lt;b&gt;two&lt;/b&gt; weeks.');
    expect(proof).toContain('Ada Byron');
    expect(proof).toContain('CTO, Northwind');
    expect(proof.match(/<img src="\/uploads\/[^>]*alt="Ada"[^>]*>/)?.[0]).toMatch(
      / width="\d+" height="\d+" .*loading="lazy"/,
    );
    // The logo: its link, its name as the image's text when it has no alt of its own.
    expect(proof).toContain('href="https://northwind.example/?a=1&amp;b=2" rel="noopener"');
    expect(proof).toMatch(/width="400" height="100" alt="Northwind"/);
    // Logos are drawn for a light page: on a light tile in both themes, never inverted.
    expect(proof).toMatch(/<li class="[^"]*\bbg-white\b[^"]*"><a [^>]*><img [^>]*alt="Northwind"/);
    expect(proof).not.toContain('invert');
    // A case study without a cover: a drawn band with its client, not an empty card.
    expect(proof).toContain('<div aria-hidden="true" class="case-cover-fallback');
    expect(proof).toMatch(/case-cover-fallback[^>]*>[^<]*<span[^>]*>Northwind<\/span>/);
    // One or two cards are centred, never left beside an empty column (no 3-column grid).
    expect(proof).toContain('class="mt-12 flex flex-wrap justify-center gap-6"');
    expect(proof).not.toContain('lg:grid-cols-3');
    // The feeds, named in the head.
    const head = text.slice(0, at('</head>'));
    expect(head).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(head).toContain('href="https://www.example.com/atom.xml"');

    // With a cover: the cover in the card's band, lazily, in its resized files.
    await admin.entryCovers.upload({ id: entryId, file: await png(1200, 675), alt: 'Dashboard' });
    const withCover = (await home(app, deps)).text;
    expect(withCover).not.toContain('case-cover-fallback');
    expect(withCover).toMatch(
      /<picture><source type="image\/avif" srcset="[^"]+ \d+w[^"]*"[^>]*\/>.*<img src="\/uploads\/[^"]+" srcset="[^"]+" sizes="[^"]+" width="\d+" height="\d+" alt="Dashboard" loading="lazy"/,
    );

    await admin.entries.unpublish({ id: entryId });
    await admin.testimonials.unpublish({ id: testimonialId });
    await admin.clientLogos.unpublish({ id: logoId });
    expect((await home(app, deps)).text).toBe(before.text);
  });
});

/** Every path the page links to on its own site, without its fragment. */
function sitePaths(html: string): string[] {
  return [...html.matchAll(/ href="(\/(?!\/)[^"#]*)/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );
}

describe('every published page is reached from / by following links', () => {
  it('the lists and each entry, from the home page; the lists from its footer', async () => {
    const deps = await createTestDeps();
    const app = appOn(deps);
    const admin = await adminCaller(deps);
    const published: string[] = [];
    for (const [kind, slug] of [
      ['case_study', 'answers-in-minutes'],
      ['case_study', 'invoices-read'],
      ['insight', 'why-evals-first'],
      ['insight', 'small-models'],
    ] as const) {
      const { entry } = await admin.entries.create({
        kind,
        slug,
        title: slug,
        summary: 'S',
        body: 'B',
      });
      await admin.entries.publish({ id: entry.id });
      published.push(`${kind === 'insight' ? '/insights' : '/case-studies'}/${slug}`);
    }
    const { text } = await home(app, deps);
    const footer = text.slice(text.indexOf('<footer'), text.indexOf('</footer>'));
    expect(sitePaths(footer)).toEqual(expect.arrayContaining(['/case-studies', '/insights']));

    // A crawler's walk: the site's own HTML pages, breadth first, from /.
    const seen = new Set<string>(['/']);
    const queue = sitePaths(text);
    while (queue.length > 0) {
      const next = queue.shift() ?? '/';
      if (seen.has(next) || /^\/(admin|api|uploads|og)\b|\.xml$/.test(next)) continue;
      seen.add(next);
      const response = await app.request(next);
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        queue.push(...sitePaths(await response.text()));
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['/case-studies', '/insights', ...published]));
  });
});

describe('two instances on one database', () => {
  let dbA: Db;
  let dbB: Db;

  beforeEach(async () => {
    const { db, target } = await openTestDatabase();
    await closeDatabase(db);
    dbA = await openDatabase(target);
    dbB = await openDatabase(target);
  });

  afterEach(async () => {
    await closeDatabase(dbA);
    await closeDatabase(dbB);
  });

  it("a testimonial or logo published on one is on the other's home page within 500 ms", async () => {
    const depsA = await createTestDeps({ db: dbA });
    const depsB = await createTestDeps({ db: dbB });
    const appB = appOn(depsB);
    const admin = await adminCaller(depsA);
    const { testimonialId, logoId } = await drafts(admin);
    const before = await home(appB, depsB);
    expect(before.text).not.toContain('Ada Byron');

    await admin.testimonials.publish({ id: testimonialId });
    expect((await home(appB, depsB)).text).toContain('Ada Byron');
    await admin.clientLogos.publish({ id: logoId });
    expect((await home(appB, depsB)).text).toContain('northwind.example');
    await admin.testimonials.unpublish({ id: testimonialId });
    await admin.clientLogos.unpublish({ id: logoId });
    expect((await home(appB, depsB)).text).toBe(before.text);
  });
});
