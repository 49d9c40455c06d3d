import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { siteContentVersions } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { createTestDeps, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import type { SiteContent } from '#shared/site-content';
import { DEMO_VIDEO } from '#shared/demo-video';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { PUBLISHED_CHECK_MS } from '#server/site/site-content';
import { TEMPLATE_FILE } from './page-template';
import { writeCspHashes } from '../../../scripts/csp-hashes';

const TEMPLATE = `<!doctype html><html><head><!--head-tags--><title>x</title><link rel="expect" href="#hero-end" blocking="render" /></head><body><div id="root"></div></body></html>`;

const APP = `<!doctype html><html><head><title>Acme AI Engineering</title></head><body><div id="root"></div></body></html>`;

let dir: string;
let deps: TestDeps;
let app: App;
let cookie: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'content-pages-'));
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(path.join(dir, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(dir, 'index.html'), '<p>the build of the defaults</p>');
  writeFileSync(path.join(dir, 'app.html'), APP);
  writeCspHashes(dir);
  deps = await createTestDeps();
  app = createApp(deps, { clientDir: dir });
  cookie = await signedInCookie(deps);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.request(url, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

let version = 0;
async function save(edit: (content: SiteContent) => void) {
  const content = structuredClone(defaultSiteContent);
  edit(content);
  const saved = await rest(app, 'PUT', '/api/content', {
    cookie,
    json: { content, baseVersion: version },
  });
  expect(saved.status).toBe(200);
  version = (saved.body as { version: number }).version;
}

beforeEach(() => {
  version = 0;
});

describe('the home page follows the content', () => {
  it('shows a saved headline in the HTML with a new ETag, head tags and JSON-LD', async () => {
    const before = await page('/');
    expect(before.status).toBe(200);
    expect(before.text).toContain('Unlocking Your');
    const etag = before.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await page('/', { 'if-none-match': etag ?? '' })).status).toBe(304);

    await save((c) => {
      c.hero.headlineStart = 'Brand New Headline';
      c.company.name = 'Zed Labs';
      c.company.pageTitle = 'Zed Labs | AI';
      c.contact.phone = '+44 20 7946 0000';
    });
    const after = await page('/', { 'if-none-match': etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.headers.get('cache-control')).toBe('no-cache');
    // In the HTML before any script runs: the text, the title, Open Graph and JSON-LD.
    expect(after.text).toContain('Brand New Headline');
    expect(after.text).toContain('<title>Zed Labs | AI</title>');
    expect(after.text).toContain('<meta property="og:site_name" content="Zed Labs" />');
    expect(after.text).toContain('"telephone":"+44 20 7946 0000"');
    expect(after.text).toContain('href="tel:+442079460000"');
    expect(after.text).toContain('data-prerendered="/"');
    // The content the browser hydrates with, as data.
    const json = /<script type="application\/json" id="site-content">(.*?)<\/script>/.exec(
      after.text,
    )?.[1];
    const hydration = JSON.parse(json ?? '{}') as SiteContent;
    expect(hydration.hero.headlineStart).toBe('Brand New Headline');
    // Whether each legal page exists, not its text (the home page shows none of it).
    expect(hydration.legal).toEqual({ privacy: '1', terms: '1', cookies: '', responsibleAi: '' });
  });

  it('keeps a saved text from closing its script element', async () => {
    await save((c) => (c.hero.intro = 'Hi </script><script>alert(1)</script>'));
    const home = await page('/');
    expect(home.text).not.toContain('<script>alert(1)');
    expect(home.text).toContain('Hi &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("shows the saved section words and the founder's name, in the HTML", async () => {
    const fresh = await page('/');
    for (const words of Object.values(defaultSiteContent.headings)) {
      expect(fresh.text).toContain(words);
    }
    await save((c) => {
      c.headings = {
        heroBadge: 'Applied AI studio',
        heroServicesButton: 'See what we do',
        valueTitle: 'Why clients pick us',
        servicesTitle: 'How we help',
        servicesIntro: 'Three ways to work together.',
        factsEyebrow: 'Worth knowing',
        factsTitle: 'Notes on AI',
        newsletterText: 'One short letter a month.',
      };
      c.founder.name = 'Ada Lovelace';
    });
    const home = await page('/');
    for (const words of Object.values(defaultSiteContent.headings)) {
      expect(home.text).not.toContain(words);
    }
    for (const words of [
      '>Applied AI studio</p>',
      '>See what we do</a>',
      '>Why clients pick us</h2>',
      '>How we help</h2>',
      'Three ways to work together.',
      'One short letter a month.',
      '>Ada Lovelace</h3>',
      'Every engagement is led by Ada Lovelace, our ',
      '"founder":{"@type":"Person","name":"Ada Lovelace"',
    ]) {
      expect(home.text).toContain(words);
    }
    // The facts' words come with the carousel, once there are facts to show: the prerendered
    // skeleton holds none of them (docs/product.md, "Loading, and when it is hidden"), only
    // the page's content JSON that hydration reads.
    expect(home.text).toContain('"factsEyebrow":"Worth knowing","factsTitle":"Notes on AI"');
    expect(home.text).not.toContain('>Worth knowing<');
    expect(home.text).not.toContain('>Notes on AI<');
  });

  it('answers compressed when asked, and renders once for 20 requests at once', async () => {
    await save((c) => (c.hero.headlineHighlight = 'Value Now'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.request('/', { headers: { 'accept-encoding': 'br' } })),
    );
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(answers.every((a) => a.headers.get('content-encoding') === 'br')).toBe(true);
  });

  it('shows the bundled demo video on a fresh site, framing nothing', async () => {
    const fresh = await page('/');
    expect(fresh.text).toContain('See AI in Action');
    expect(fresh.text).toContain(`<source src="${DEMO_VIDEO.video}" type="video/mp4"`);
    const csp = fresh.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).toContain("img-src 'self' data:;");
  });

  it('frames the chosen YouTube or Vimeo host, from the address people copy', async () => {
    await save((c) => {
      c.video.source = 'embed';
      c.video.embedUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s';
    });
    const youtube = await page('/');
    expect(youtube.text).toContain('See AI in Action');
    expect(youtube.text).not.toContain(DEMO_VIDEO.video);
    let csp = youtube.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com;");
    expect(csp).toContain("script-src 'self'");

    await save((c) => {
      c.video.source = 'embed';
      c.video.embedUrl = 'https://vimeo.com/76979871';
    });
    csp = (await page('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://player.vimeo.com;');
    expect(csp).toContain("img-src 'self' data: https://i.vimeocdn.com;");
    // The admin's pages frame their own site (the entry preview), never the video.
    expect((await page('/admin/login')).headers.get('content-security-policy')).toContain(
      "frame-src 'self';",
    );
  });

  it('hides the section when the owner chooses no video', async () => {
    await save((c) => (c.video.source = 'none'));
    const none = await page('/');
    expect(none.text).not.toContain('See AI in Action');
    expect(none.text).not.toContain(DEMO_VIDEO.video);
    expect(none.headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  it('refuses an address that is no YouTube or Vimeo video with a 400 on the field, storing nothing', async () => {
    for (const embedUrl of ['https://evil.example/watch?v=abc', 'javascript:alert(1)', '']) {
      const content = structuredClone(defaultSiteContent);
      content.video = { ...content.video, source: 'embed', embedUrl };
      const refused = await rest(app, 'PUT', '/api/content', {
        cookie,
        json: { content, baseVersion: 0 },
      });
      expect(refused.status).toBe(400);
      const issues = (refused.body as { issues: { path: string }[] }).issues;
      expect(issues.map((issue) => issue.path)).toEqual(['content.video.embedUrl']);
    }
    expect(await deps.db.select().from(siteContentVersions).all()).toEqual([]);
  });

  it('reads a version stored before the choice existed: an empty address is the demo', async () => {
    const old = structuredClone(defaultSiteContent) as unknown as Record<string, unknown>;
    old.video = { embedUrl: '', title: 'Old title', description: 'Saved before the choice.' };
    old.hero = { ...defaultSiteContent.hero, headlineStart: 'Saved Long Ago' };
    await writeTransaction(deps.db, async (tx) => {
      await tx.insert(siteContentVersions).values({
        version: 1,
        content: JSON.stringify(old),
        updatedAt: deps.clock.now(),
      });
    });
    deps.clock.advance(PUBLISHED_CHECK_MS);
    const home = await page('/');
    expect(home.text).toContain('Saved Long Ago');
    expect(home.text).toContain('Old title');
    expect(home.text).toContain(DEMO_VIDEO.video);
  });

  it("reads a version stored before the section words and the founder's name: the starting words", async () => {
    const old = structuredClone(defaultSiteContent) as unknown as Record<string, unknown>;
    delete old.headings;
    old.founder = { role: 'Saved Role', softwareYears: 9, aiYears: 2 };
    await writeTransaction(deps.db, async (tx) => {
      await tx.insert(siteContentVersions).values({
        version: 1,
        content: JSON.stringify(old),
        updatedAt: deps.clock.now(),
      });
    });
    deps.clock.advance(PUBLISHED_CHECK_MS);
    const home = await page('/');
    expect(home.text).toContain('>Saved Role</h3>');
    expect(home.text).toContain('Three-Pillar Service Approach');
  });
});

describe("the build's page files, which hold the build-time content", () => {
  it('/index.html sends to / (GET and HEAD, the query dropped), where the saved page is', async () => {
    await save((c) => (c.hero.headlineStart = 'Saved Headline'));
    for (const url of ['/index.html', '/index.html?utm_source=mail', '/%69ndex.html']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request(url, { method });
        expect(res.status, `${method} ${url}`).toBe(301);
        expect(res.headers.get('location')).toBe('/');
        expect(await res.text()).not.toContain('the build of the defaults');
      }
    }
    expect((await page('/')).text).toContain('Saved Headline');
  });

  it('never serves the router app as built, nor a compressed copy of a built page', async () => {
    for (const name of ['index.html.br', 'index.html.gz', 'app.html.br', 'app.html.gz']) {
      writeFileSync(path.join(dir, name), `<p>a build-time copy: ${name}</p>`);
    }
    await save((c) => (c.company.name = 'Zed Labs'));
    for (const url of [
      '/app.html',
      '/index.html.br',
      '/index.html.gz',
      '/app.html.br',
      '/app.html.gz',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request(url, { method });
        expect(res.status, `${method} ${url}`).toBe(404);
        const text = await res.text();
        expect(text).not.toContain('Acme AI Engineering');
        expect(text).not.toContain('a build-time copy');
      }
    }
    // The router app itself carries the saved name.
    expect((await page('/admin/login')).text).toContain('<title>Zed Labs</title>');
  });
});

describe('a version saved elsewhere (another instance, or by hand)', () => {
  it('is served once the pages ask again, at most 500 ms later, even under a version number already rendered', async () => {
    await save((c) => (c.hero.headlineStart = 'Saved Through The Screen'));
    expect((await page('/')).text).toContain('Saved Through The Screen');
    const edited = structuredClone(defaultSiteContent);
    edited.hero.headlineStart = 'Edited By Hand';
    await writeTransaction(deps.db, async (tx) => {
      await tx.delete(siteContentVersions);
      await tx.insert(siteContentVersions).values({
        version: 1,
        content: JSON.stringify(edited),
        updatedAt: deps.clock.now(),
      });
    });
    // A save through this instance showed at once; one it did not make waits for the next check.
    deps.clock.advance(PUBLISHED_CHECK_MS - 1);
    expect((await page('/')).text).toContain('Saved Through The Screen');
    deps.clock.advance(1);
    expect((await page('/')).text).toContain('Edited By Hand');
  });
});

describe('legal pages', () => {
  it('serve the Markdown in the site layout, harmless, linked from the footer; 404 while empty', async () => {
    const privacy = await page('/privacy');
    expect(privacy.status).toBe(200);
    expect(privacy.text).toContain('<h1>Privacy Policy</h1>');
    expect(privacy.text).toContain('data-prerendered="/privacy"');
    expect(privacy.text).toContain('<footer');
    // No render hold waiting for a hero the page does not have (the home page keeps it).
    expect(privacy.text).not.toContain('rel="expect"');
    expect((await page('/')).text).toContain('<link rel="expect" href="#hero-end"');
    // A fresh site ships starting Terms of Service too: the consent line names both pages.
    const startingTerms = await page('/terms');
    expect(startingTerms.status).toBe(200);
    expect(startingTerms.text).toContain('<h1>Terms of Service</h1>');
    expect(startingTerms.text).toContain('data-prerendered="/terms"');
    expect(startingTerms.text).toContain('<a href="/privacy">Privacy Policy</a>');
    expect((await page('/')).text).toContain('href="/terms"');

    await save((c) => {
      c.legal.terms = '';
    });
    expect((await page('/terms')).status).toBe(404);
    expect((await page('/')).text).not.toContain('href="/terms"');

    await save((c) => {
      c.legal.terms = [
        '# Terms',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[bad](javascript:alert(3)) [good](https://example.com)',
      ].join('\n\n');
      c.legal.privacy = '';
    });
    const terms = await page('/terms');
    expect(terms.status).toBe(200);
    expect(terms.text).toContain('<h1>Terms</h1>');
    expect(terms.text).not.toMatch(/<script>alert|<img src=x|href="javascript:/);
    expect(terms.text).toContain('<title>Terms of Service | Acme AI Engineering</title>');
    expect((await page('/privacy')).status).toBe(404);
    const home = (await page('/')).text;
    expect(home).toContain('href="/terms"');
    expect(home).not.toContain('href="/privacy"');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.text).toContain('<loc>https://www.example.com/terms</loc>');
    expect(sitemap.text).not.toContain('/privacy');
  });
});

describe('the 404 page', () => {
  /** The page's text as a reader without JavaScript sees it: the body, scripts left out. */
  const readable = (html: string) =>
    (html.split('<body>')[1] ?? '').replace(/<script[\s\S]*?<\/script>/g, '');

  it('is HTML the server wrote, in the saved brand, with the spec words and status 404', async () => {
    await save((c) => {
      c.company.name = 'Harbor Lane AI';
      c.company.shortName = 'Harbor Lane';
      c.company.tagline = 'Practical AI for ports.';
    });
    for (const path of ['/no-such-page', '/insights/unknown-slug', '/cookies']) {
      const missing = await page(path, { accept: 'text/html' });
      expect([path, missing.status]).toEqual([path, 404]);
      expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const body = readable(missing.text);
      expect(body).toContain('404 Page Not Found</h1>');
      expect(body).toContain('Did you forget to add the page to the router?');
      // The centred card with its warning icon, in the site's header and footer.
      expect(body).toMatch(/justify-center[^>]*>\s*<div[^>]*text-center[^>]*><svg/);
      expect(body).toContain('<footer');
      expect(body).toContain('Practical AI for ports.');
      expect(body).not.toContain('Acme');
      expect(missing.text).toContain('<title>404 Page Not Found | Harbor Lane AI</title>');
      expect(missing.text).toContain('<meta name="robots" content="noindex" />');
    }
    // The admin area keeps the router app's own not-found screen.
    const admin = await page('/admin/no-such-screen');
    expect(admin.status).toBe(404);
    expect(admin.text).toContain('<div id="root"></div>');
  });
});

describe('the company name outside the pages it is written on', () => {
  const brandOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="site-brand">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as unknown;

  it('the router app (admin, login, not-found) has the saved name in its title and as JSON', async () => {
    const before = await page('/admin/login');
    expect(before.status).toBe(200);
    expect(before.text).toContain('<title>Acme AI Engineering</title>');
    expect(brandOf(before.text)).toEqual({ name: 'Acme AI Engineering', shortName: 'Acme AI' });
    const etag = before.headers.get('etag') ?? '';
    expect((await page('/admin/login', { 'if-none-match': etag })).status).toBe(304);

    await save((c) => {
      c.company.name = 'Zed <Labs> & Co';
      c.company.shortName = 'Zed';
    });
    const after = await page('/admin/login', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('no-cache');
    expect(after.text).toContain('<title>Zed &lt;Labs&gt; &amp; Co</title>');
    expect(after.text).not.toContain('<Labs>');
    expect(brandOf(after.text)).toEqual({ name: 'Zed <Labs> & Co', shortName: 'Zed' });
    // No client route: the same page with the real status, never a 304.
    const missing = await page('/no-such-page', { 'if-none-match': etag });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<title>404 Page Not Found | Zed &lt;Labs&gt; &amp; Co</title>');
    // The invitation page still sends no Referer.
    const invite = await page('/admin/invite?token=abc');
    expect(invite.headers.get('referrer-policy')).toBe('no-referrer');
    expect(invite.text).toContain('"shortName":"Zed"');
  });

  it('the web manifest names the saved name and short name, with an ETag', async () => {
    const before = await page('/manifest.webmanifest');
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(JSON.parse(before.text)).toMatchObject({
      name: 'Acme AI Engineering',
      short_name: 'Acme AI',
    });
    const etag = before.headers.get('etag') ?? '';
    expect((await page('/manifest.webmanifest', { 'if-none-match': etag })).status).toBe(304);
    await save((c) => {
      c.company.name = 'Zed Labs';
      c.company.shortName = 'Zed';
      c.company.description = 'Small and clever.';
    });
    const after = await page('/manifest.webmanifest', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text)).toMatchObject({
      name: 'Zed Labs',
      short_name: 'Zed',
      description: 'Small and clever.',
      start_url: '/',
    });
  });
});

describe("the site's time zone in the router app", () => {
  it('is written into app.html for the admin area to write its moments in', async () => {
    const inParis = createApp(
      await createTestDeps({ config: testConfig({ siteTimezone: 'Europe/Paris' }) }),
      { clientDir: dir },
    );
    const html = await (await inParis.request('/admin/login')).text();
    expect(
      /<script type="application\/json" id="site-time-zone">(.*?)<\/script>/.exec(html)?.[1],
    ).toBe('"Europe/Paris"');
  });
});

describe('the address and time zone saved in the admin', () => {
  it('name the canonical links, sitemap and robots.txt, and the router app’s zone, at once', async () => {
    // Before: the build's address (company.siteUrl), as the prerendered pages have it.
    expect((await page('/')).text).toContain(
      '<link rel="canonical" href="https://www.example.com/" />',
    );
    const saved = await rest(app, 'PUT', '/api/site-settings', {
      cookie,
      json: { address: 'https://www.harbor.example', timeZone: 'Asia/Tokyo' },
    });
    expect(saved.status).toBe(200);
    const home = (await page('/')).text;
    expect(home).toContain('<link rel="canonical" href="https://www.harbor.example/" />');
    expect(home).toContain('<meta property="og:url" content="https://www.harbor.example/" />');
    expect(home).not.toContain('www.example.com');
    expect((await page('/sitemap.xml')).text).toContain('<loc>https://www.harbor.example/</loc>');
    expect((await page('/robots.txt')).text).toContain(
      'Sitemap: https://www.harbor.example/sitemap.xml',
    );
    const html = await (await app.request('/admin/login')).text();
    expect(
      /<script type="application\/json" id="site-time-zone">(.*?)<\/script>/.exec(html)?.[1],
    ).toBe('"Asia/Tokyo"');
  });
});
