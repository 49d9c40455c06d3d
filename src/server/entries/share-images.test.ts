/**
 * The drawn share images through the whole app (docs/content.md, "Share images"): the entry
 * page names the picture when it has no cover, the picture is drawn at its first request,
 * 1200×630 whatever the title holds, and follows the title and the brand. The picture kept in
 * the database (drawn once, twenty requests at once too, sent by every instance) is in
 * share-images-kept.test.ts, on both drivers.
 */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareImages } from '#db/schema';
import { signedInCookie } from '#tests/support/app';
import { testImage } from '#tests/support/images';
import { entrySite, type EntrySite } from '#tests/support/entry-site';
import type { SiteContent } from '#shared/site-content';
import { shareImagePath } from './share-image-path';
import { drawn, INSIGHT, metaOf, pictureOf } from '#tests/support/share-image-fixtures';
import { drawShareImage } from './share-image-draw';

let site: EntrySite;

beforeEach(async () => {
  site = await entrySite();
});

afterEach(() => site.close());

describe('an entry without a cover', () => {
  it('names its drawn picture in og:image, twitter:image and the JSON-LD', async () => {
    await site.publish(INSIGHT);
    const html = await (await site.app.request('/insights/why-evals-first')).text();
    const image = metaOf(html, 'og:image') ?? '';
    expect(image).toMatch(
      /^https:\/\/example\.com\/og\/insight\/why-evals-first-[0-9a-f]{16}\.png$/,
    );
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'og:image:alt')).toBe(INSIGHT.title);
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`"image":["${image}"]`);
  });

  it('draws a 120-character title with <, & and emoji: wrapped, 1200×630, escaped in the page', async () => {
    const title = `A <b>title</b> & more 🚀 about évals, ${'longer words again '.repeat(5)}`.slice(
      0,
      120,
    );
    expect(title).toHaveLength(120);
    await site.publish({ ...INSIGHT, title });
    const html = await (await site.app.request('/insights/why-evals-first')).text();
    expect(metaOf(html, 'og:image:alt')).toBe(
      title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
    );
    const response = await site.app.request(await pictureOf('/insights/why-evals-first', site));
    expect(response.status).toBe(200);
    const png = Buffer.from(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('answers 404 for an address that is not the published entry’s current picture', async () => {
    const id = await site.publish(INSIGHT);
    const path = await pictureOf('/insights/why-evals-first', site);
    const wrong = path.replace(/-[0-9a-f]{16}\.png$/, '-0000000000000000.png');
    expect((await site.app.request(wrong)).status).toBe(404);
    expect((await site.app.request('/og/insight/no-such-entry-0000000000000000.png')).status).toBe(
      404,
    );
    expect((await site.app.request(path.replace('/og/insight/', '/og/story/'))).status).toBe(404);
    // A draft's picture is not drawn.
    expect((await site.admin('POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
    expect((await site.app.request(path)).status).toBe(404);
    expect(drawn(site)).toBe(0);
  });

  it('has a new address when its title changes; drawing it drops the old picture', async () => {
    const id = await site.publish(INSIGHT);
    const before = await pictureOf('/insights/why-evals-first', site);
    expect((await site.app.request(before)).status).toBe(200);
    const saved = await site.admin('PUT', `/api/entries/${id}`, {
      ...INSIGHT,
      title: 'Evals before prompts',
      baseVersion: 1,
    });
    expect(saved.status).toBe(200);
    const after = await pictureOf('/insights/why-evals-first', site);
    expect(after).not.toBe(before);
    expect((await site.app.request(after)).status).toBe(200);
    const rows = await site.deps.db.select({ path: shareImages.path }).from(shareImages).all();
    expect(rows).toEqual([{ path: after }]);
    // Deleting the entry deletes its pictures.
    expect((await site.admin('DELETE', `/api/entries/${id}`)).status).toBe(200);
    expect(await site.deps.db.select().from(shareImages).all()).toEqual([]);
  });

  it('draws the uploaded logo: a new logo is a new address, drawn at its first request', async () => {
    await site.publish(INSIGHT);
    const before = await pictureOf('/insights/why-evals-first', site);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await testImage('png', 400, 100))], 'logo.png'));
    const cookie = await signedInCookie(site.deps);
    const uploaded = await site.app.request('/api/media/logo', {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const after = await pictureOf('/insights/why-evals-first', site);
    expect(after).not.toBe(before);
    const response = await site.app.request(after);
    expect(response.status).toBe(200);
    const png = Buffer.from(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('follows the brand: another company name or logo is another address', () => {
    const entry = { kind: 'insight' as const, slug: 'a-b', title: 'T' };
    const base = shareImagePath({ companyName: 'Acme', logoPath: null }, entry);
    expect(shareImagePath({ companyName: 'Acme Labs', logoPath: null }, entry)).not.toBe(base);
    expect(
      shareImagePath({ companyName: 'Acme', logoPath: '/uploads/logo-a.png' }, entry),
    ).not.toBe(base);
    expect(shareImagePath({ companyName: 'Acme', logoPath: null }, entry)).toBe(base);
  });
});

/** Saves the content with `change` made to it, as the Content screen does. */
async function saveContent(change: (content: SiteContent) => void) {
  const read = await site.admin('GET', '/api/content');
  const { content, version } = read.body as { content: SiteContent; version: number };
  change(content);
  expect((await site.admin('PUT', '/api/content', { content, baseVersion: version })).status).toBe(
    200,
  );
  site.deps.clock.advance(1_000);
}

describe("the home page's share image", () => {
  it('is drawn from the saved name and headline, at an address that follows them', async () => {
    // A fresh site keeps the built-in card: it is the starting company's.
    expect(metaOf(await (await site.app.request('/')).text(), 'og:image')).toBe(
      'https://example.com/og-image.png',
    );
    await saveContent((content) => {
      content.company.name = 'Northwind Analytics';
    });
    const first = new URL(await pictureOf('/', site), 'https://example.com').pathname;
    expect(first).toMatch(/^\/og\/home-[0-9a-f]{16}\.png$/);
    const response = await site.app.request(first);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await response.arrayBuffer());
    // The very picture drawn from the saved name and the headline, not the starting company's.
    const read = await site.admin('GET', '/api/content');
    const { hero } = (read.body as { content: SiteContent }).content;
    const expected = await drawShareImage({
      title: `${hero.headlineStart} ${hero.headlineHighlight}`,
      companyName: 'Northwind Analytics',
      logo: null,
    });
    expect(png.equals(expected)).toBe(true);

    await saveContent((content) => {
      content.company.name = 'Northwind Labs';
    });
    const second = await pictureOf('/', site);
    expect(second).not.toBe(first);
    expect((await site.app.request(second)).status).toBe(200);
    // The old address is no picture any more; the admin's preview address leads to the current one.
    expect((await site.app.request(first)).status).toBe(404);
    const preview = await site.app.request('/og/home.png');
    expect(preview.status).toBe(302);
    expect(preview.headers.get('location')).toBe(second);
  });
});
