/**
 * The entries' public pages through the whole app (docs/content.md, "The entry pages"): each
 * status, the head tags and JSON-LD, escaping, the kept page, the lists and the preview. The
 * kept page's writes that race an unpublish or another instance are in kept-page-writes.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testImage, uploadForm } from '#tests/support/images';
import { writeTransaction } from '#db';
import { entries, entryPages } from '#db/schema';
import type { Entry } from '#shared/shapes/entries';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { createApp } from '#server/app/app';
import {
  admin,
  app,
  CASE,
  cookie,
  created,
  deps,
  page,
  published,
  removeClientDir,
  setUpSite,
} from '#tests/support/entry-pages';

beforeEach(setUpSite);
afterEach(removeClientDir);

/** Every JSON-LD block of the page, parsed as a search engine would. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('an entry’s page', () => {
  it('is kept in the database at publish, and sent as kept: title, results, body, dates', async () => {
    await published();
    const kept = await deps.db.select().from(entryPages).all();
    expect(kept.map((row) => row.path)).toEqual(['/case-studies/answers-in-minutes']);

    const answer = await page('/case-studies/answers-in-minutes');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.text).toBe(kept[0]?.html);
    expect(answer.headers.get('etag')).toBe(kept[0]?.etag);
    // Readable without a script: in the HTML, in the site's frame (its CSS, header, footer).
    expect(answer.text).toContain('<h1>Answers in minutes</h1>');
    expect(answer.text).toContain('<dd class="text-3xl font-extrabold');
    expect(answer.text).toContain('>-63 %</dd>');
    expect(answer.text).toContain('<dt class="text-sm text-muted">Time to answer</dt>');
    expect(answer.text).toContain('Client: <strong>Northwind</strong>');
    expect(answer.text).toContain('<h2>The problem</h2>');
    expect(answer.text).toContain('<code class="language-ts">const x = 1 &lt; 2;');
    // Dates as a UK reader writes them, never "January 15, 2026".
    expect(answer.text).toContain(
      'Published <time datetime="2026-01-15T10:00:00.000Z">15 January 2026</time>',
    );
    // Result tiles as wide as their words need (at least 10rem), never a word a line.
    expect(answer.text).toContain(
      '<dl class="my-6 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">',
    );
    expect(answer.text).toContain('href="/assets/site.css"');
    expect(answer.text).toContain('data-prerendered="/case-studies/answers-in-minutes"');
    expect(answer.text).toContain('id="legal-body"');
    expect(answer.text).toContain('<footer');
    // It ends with the way on: the home page's contact form, counted as a call to action.
    expect(answer.text).toMatch(
      /<h2 id="next-step"[^>]*>Facing a problem like this one\?<\/h2>[\s\S]*<a href="\/#contact" data-event="cta_click"[^>]*>Get in touch<\/a>/,
    );
    expect(
      (
        await page('/case-studies/answers-in-minutes', app, {
          'if-none-match': answer.headers.get('etag') ?? '',
        })
      ).status,
    ).toBe(304);
  });

  it('has its head tags: title, description, canonical on the site’s address, Open Graph, Twitter', async () => {
    await published();
    const { text } = await page('/case-studies/answers-in-minutes');
    const url = 'https://example.com/case-studies/answers-in-minutes';
    expect(text).toContain('<title>Answers in minutes | Acme AI Engineering</title>');
    expect(metaOf(text, 'description')).toBe(CASE.summary);
    expect(text).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaOf(text, 'og:type')).toBe('article');
    expect(metaOf(text, 'og:title')).toBe('Answers in minutes');
    expect(metaOf(text, 'og:url')).toBe(url);
    expect(metaOf(text, 'twitter:card')).toBe('summary_large_image');
    expect(text).not.toContain('robots');
    // No cover: the picture drawn from the title and the brand (share-images.test.ts).
    expect(metaOf(text, 'og:image')).toMatch(
      /^https:\/\/example\.com\/og\/case_study\/answers-in-minutes-[0-9a-f]{16}\.png$/,
    );
    expect(metaOf(text, 'twitter:image')).toBe(metaOf(text, 'og:image'));
  });

  it('has JSON-LD Article and BreadcrumbList, with the cover as image when it has one', async () => {
    const id = await published();
    const cover = { url: '/uploads/cover-1a2b.webp', width: 1200, height: 630, alt: 'The team' };
    // The cover's upload is another path's (the media store's): its stored form is enough here.
    await writeTransaction(deps.db, (tx) =>
      tx.update(entries).set({ coverImage: JSON.stringify(cover) }),
    );
    const saved = await admin(app, 'PUT', `/api/entries/${id}`, { ...CASE, baseVersion: 1 });
    expect(saved.status).toBe(200);
    const { text } = await page('/case-studies/answers-in-minutes');
    const [article, crumbs] = jsonLd(text);
    const url = 'https://example.com/case-studies/answers-in-minutes';
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: 'Answers in minutes',
      datePublished: '2026-01-15T10:00:00.000Z',
      dateModified: '2026-01-15T10:00:00.000Z',
      author: { '@type': 'Organization', name: 'Acme AI Engineering' },
      publisher: { '@type': 'Organization', name: 'Acme AI Engineering' },
      image: ['https://example.com/uploads/cover-1a2b.webp'],
      mainEntityOfPage: url,
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://example.com/' },
        { position: 2, name: 'Case studies', item: 'https://example.com/case-studies' },
        { position: 3, name: 'Answers in minutes', item: url },
      ],
    });
    expect(metaOf(text, 'og:image')).toBe('https://example.com/uploads/cover-1a2b.webp');
    expect(metaOf(text, 'og:image:width')).toBe('1200');
    expect(metaOf(text, 'twitter:card')).toBe('summary_large_image');
    expect(text).toContain(
      '<img src="/uploads/cover-1a2b.webp" width="1200" height="630" alt="The team"',
    );
  });

  it('is written again when a published entry’s cover is uploaded or removed', async () => {
    const id = await published();
    const drawn = metaOf((await page('/case-studies/answers-in-minutes')).text, 'og:image');
    expect(drawn).toMatch(/\/og\/case_study\/answers-in-minutes-[0-9a-f]{16}\.png$/);
    const body = uploadForm(await testImage('webp', 1600, 900), 'cover.webp');
    const uploaded = await app.request(`/api/entries/${id}/cover`, {
      method: 'POST',
      headers: { cookie },
      body,
    });
    expect(uploaded.status).toBe(200);
    const { coverImage } = ((await uploaded.json()) as { entry: Entry }).entry;
    const { text } = await page('/case-studies/answers-in-minutes');
    expect(metaOf(text, 'og:image')).toBe(`https://example.com${coverImage?.url ?? ''}`);
    // Its resized files by width in each format: a phone loads the 720 px one.
    const picture = /<picture>([\s\S]*?)<\/picture>/.exec(text)?.[1] ?? '';
    for (const type of ['image/avif', 'image/webp']) {
      expect(picture).toMatch(
        new RegExp(`<source type="${type}" srcset="[^"]+ 720w, [^"]+ 1440w" sizes="[^"]+" />`),
      );
    }
    expect(picture).toMatch(
      /<img src="[^"]+" srcset="[^"]+ 720w, [^"]+ 1440w" sizes="[^"]+" width="\d+" height="\d+" alt="[^"]*" fetchpriority="high"/,
    );
    expect((await admin(app, 'DELETE', `/api/entries/${id}/cover`)).status).toBe(200);
    const after = await page('/case-studies/answers-in-minutes');
    expect(metaOf(after.text, 'og:image')).toBe(drawn);
  });

  it('shows its own published testimonials, and follows a publish, an unpublish and an edit at once', async () => {
    const id = await published();
    const before = await page('/case-studies/answers-in-minutes');
    expect(before.text).not.toContain('<blockquote');
    const made = await admin(app, 'POST', '/api/testimonials', {
      quote: 'Answers went out <the same> morning.',
      name: 'Ada Byron',
      role: 'Head of Support',
      company: 'Northwind',
      entryId: id,
      consent: { at: '2026-01-10', how: 'e-mail of 10 January' },
    });
    const testimonialId = (made.body as { testimonial: { id: number } }).testimonial.id;
    // A draft is not shown.
    expect((await page('/case-studies/answers-in-minutes')).text).not.toContain('Ada Byron');

    await admin(app, 'POST', `/api/testimonials/${testimonialId}/publish`);
    const shown = await page('/case-studies/answers-in-minutes');
    expect(shown.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(shown.text).toContain(
      '<blockquote class="text-lg text-ink"><p>Answers went out &lt;the same&gt; morning.</p></blockquote>',
    );
    expect(shown.text).toContain('Head of Support, Northwind');
    // Another entry's page does not show it.
    await published({ ...CASE, slug: 'other-case', title: 'Another case' });
    expect((await page('/case-studies/other-case')).text).not.toContain('Ada Byron');

    await admin(app, 'POST', `/api/testimonials/${testimonialId}/unpublish`);
    expect((await page('/case-studies/answers-in-minutes')).text).not.toContain('Ada Byron');
  });

  it('escapes a title and summary that try to close the script or the attribute', async () => {
    const title = 'Hi </script><script>alert(1)</script> "quoted" & \'single\'';
    await published({ ...CASE, title, summary: 'A "summary" </script><b>x</b>' });
    const { status, text } = await page('/case-studies/answers-in-minutes');
    expect(status).toBe(200);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('<b>x</b>');
    const [article] = jsonLd(text);
    expect(article?.headline).toBe(title);
    expect(article?.description).toBe('A "summary" </script><b>x</b>');
    expect(metaOf(text, 'og:title')).toBe(
      'Hi &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;',
    );
  });
});

describe('the statuses of an entry’s address', () => {
  it('a draft, an unknown slug or no slug at all is the site’s 404 page', async () => {
    await created();
    for (const url of [
      '/case-studies/answers-in-minutes',
      '/case-studies/nothing-here',
      '/case-studies/Answers',
      '/insights/answers-in-minutes',
    ]) {
      const answer = await page(url);
      expect(answer.status, url).toBe(404);
      expect(answer.text, url).toContain('404 Page Not Found</h1>');
    }
  });

  it('an old slug of a published entry moves (301) to its address; a deleted one is gone (410)', async () => {
    const id = await published();
    const moved = await admin(app, 'PUT', `/api/entries/${id}`, {
      ...CASE,
      slug: 'replies-in-minutes',
      baseVersion: 1,
    });
    expect(moved.status).toBe(200);
    const old = await page('/case-studies/answers-in-minutes');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/case-studies/replies-in-minutes');
    expect((await page('/case-studies/replies-in-minutes')).status).toBe(200);
    expect(await deps.db.select({ path: entryPages.path }).from(entryPages).all()).toEqual([
      { path: '/case-studies/replies-in-minutes' },
    ]);

    expect((await admin(app, 'DELETE', `/api/entries/${id}`)).status).toBe(200);
    expect(await deps.db.select().from(entryPages).all()).toEqual([]);
    for (const url of ['/case-studies/replies-in-minutes', '/case-studies/answers-in-minutes']) {
      const gone = await page(url);
      expect(gone.status, url).toBe(410);
      expect(gone.text).toContain('<h1>This case study was removed</h1>');
      expect(gone.text).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('a save of a published entry writes its page again before anyone asks', async () => {
    const id = await published();
    await admin(app, 'PUT', `/api/entries/${id}`, {
      ...CASE,
      title: 'Answers in seconds',
      baseVersion: 1,
    });
    const [kept] = await deps.db.select().from(entryPages).all();
    expect(kept?.html).toContain('<h1>Answers in seconds</h1>');
  });

  it('a new frame (the company renamed) writes the kept page again at its next request', async () => {
    await published();
    const before = (await deps.db.select().from(entryPages).get())?.frame;
    const content = structuredClone(defaultSiteContent);
    content.company.name = 'Zed Labs';
    expect((await admin(app, 'PUT', '/api/content', { content, baseVersion: 0 })).status).toBe(200);
    deps.clock.advance(1000);
    const { text } = await page('/case-studies/answers-in-minutes');
    expect(text).toContain('<title>Answers in minutes | Zed Labs</title>');
    const after = await deps.db.select().from(entryPages).get();
    expect(after?.frame).not.toBe(before);
    expect(after?.html).toBe(text);
  });
});

describe('the lists', () => {
  it('show the published entries newest first, 12 a page; past the end and bad pages are 404', async () => {
    for (let n = 1; n <= 13; n++) {
      deps.clock.advance(60_000);
      await published({ ...CASE, slug: `case-${n}`, title: `Case ${n}` });
    }
    await created({ ...CASE, slug: 'draft-one', title: 'A draft' });
    const first = await page('/case-studies');
    expect(first.status).toBe(200);
    const titles = [
      ...first.text.matchAll(/<h2><a href="\/case-studies\/case-\d+">(Case \d+)<\/a><\/h2>/g),
    ].map((m) => m[1]);
    expect(titles).toEqual(Array.from({ length: 12 }, (_, i) => `Case ${13 - i}`));
    expect(first.text).not.toContain('A draft');
    expect(first.text).toContain(
      '<link rel="canonical" href="https://example.com/case-studies" />',
    );
    expect(first.text).toContain('<a href="/case-studies?page=2" rel="next">Older</a>');
    const [crumbs] = jsonLd(first.text);
    expect(crumbs?.['@type']).toBe('BreadcrumbList');

    const second = await page('/case-studies?page=2');
    expect(second.status).toBe(200);
    expect(second.text).toContain('>Case 1</a></h2>');
    expect(second.text).toContain('href="https://example.com/case-studies?page=2"');
    for (const url of [
      '/case-studies?page=3',
      '/case-studies?page=0',
      '/case-studies?page=abc',
      '/insights',
    ]) {
      expect((await page(url)).status, url).toBe(404);
    }
  });
});

describe('the preview', () => {
  it('answers the page as it would be published, noindex, to an administrator only', async () => {
    const id = await created();
    const signedOut = await app.request(`/api/entries/${id}/preview`);
    expect(signedOut.status).toBe(401);
    const preview = await app.request(`/api/entries/${id}/preview`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    const html = await preview.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<h1>Answers in minutes</h1>');
    // Nothing kept, and the draft stays unpublished.
    expect(await deps.db.select().from(entryPages).all()).toEqual([]);
    expect((await page('/case-studies/answers-in-minutes')).status).toBe(404);
    expect((await app.request('/api/entries/999/preview', { headers: { cookie } })).status).toBe(
      404,
    );
    expect((await app.request('/api/entries/abc/preview', { headers: { cookie } })).status).toBe(
      400,
    );
  });
  it("may be framed by the admin's own pages, and by no other site; every other answer by none", async () => {
    const id = await created();
    const preview = await app.request(`/api/entries/${id}/preview`, { headers: { cookie } });
    const csp = preview.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self';");
    expect(csp).toContain("script-src 'self'");
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The admin's page frames its own site (the preview) and nothing else.
    const admin = await page('/admin/content/case-studies');
    expect(admin.headers.get('content-security-policy')).toContain("frame-src 'self';");
    for (const other of [`/api/entries/${id}`, '/admin/login', '/']) {
      const answer = await app.request(other, { headers: { cookie } });
      expect(answer.headers.get('content-security-policy'), other).toContain(
        "frame-ancestors 'none'",
      );
      expect(answer.headers.get('x-frame-options'), other).toBe('DENY');
    }
    expect((await page('/')).headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  it('answers without a build too, as a plain document around the same page', async () => {
    const bare = createApp(deps);
    const id = await created(CASE, bare);
    const preview = await bare.request(`/api/entries/${id}/preview`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('>-63 %</dd>');
  });
});
