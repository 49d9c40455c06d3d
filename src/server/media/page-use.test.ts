/**
 * The home page with uploaded images: the logo in the header and footer, the photo in the
 * About section with its size and srcsets, the sharing image's absolute address on SITE_URL,
 * the favicon's links; back to the built-in ones when removed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '#server/app/app';
import { createTestDeps, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { testImage, uploadForm } from '#tests/support/images';
import type { SiteMedia } from '#shared/shapes/media';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { writeCspHashes } from '../../../scripts/csp-hashes';

const TEMPLATE = `<!doctype html><html><head><!--head-tags--><title>x</title><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/icon-192.png" /></head><body><div id="root"></div></body></html>`;

/** The router app's page: the admin area and the page-not-found page. */
const APP_TEMPLATE = `<!doctype html><html><head><title>x</title><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head><body><div id="app"></div></body></html>`;

let dir: string;
let deps: TestDeps;
let app: App;
let cookie: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-pages-'));
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(path.join(dir, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(dir, 'index.html'), '<p>the build</p>');
  writeFileSync(path.join(dir, 'app.html'), APP_TEMPLATE);
  writeCspHashes(dir);
  deps = await createTestDeps({ config: testConfig({ siteUrl: 'https://acme.example' }) });
  app = createApp(deps, { clientDir: dir });
  cookie = await signedInCookie(deps);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function upload(slot: string, bytes: Buffer, name: string): Promise<SiteMedia> {
  const response = await app.request(`/api/media/${slot}`, {
    method: 'POST',
    // The site's own page, as the admin's browser sends it.
    headers: { cookie, origin: 'https://acme.example' },
    body: uploadForm(bytes, name),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { media: SiteMedia }).media;
}

const home = async () => (await app.request('/')).text();

describe('the home page uses the uploaded images', () => {
  it('shows the logo, the photo, the sharing image and the favicon, then the defaults again', async () => {
    const before = await home();
    expect(before).toContain('<link rel="icon" href="/favicon.svg"');
    expect(before).toContain('content="https://www.example.com/og-image.png"');

    await upload('logo', await testImage('png', 400, 100), 'logo.png');
    await upload('photo', await testImage('jpeg', 600, 800), 'me.jpg');
    await upload('og', await testImage('webp', 1600, 900), 'card.webp');
    const media = await upload('favicon', await testImage('png', 64, 64), 'icon.png');
    const { logo, photo, og, favicon } = media;
    if (!logo || !photo || !og || !favicon) throw new Error('an upload is missing');

    const html = await home();
    // Header and footer: the logo with its box (36 px high, its proportions), no layout shift.
    const logoTags = html.match(/<img[^>]*src="\/uploads\/logo-png-[^"]*"[^>]*>/g) ?? [];
    expect(logoTags).toHaveLength(2);
    for (const tag of logoTags) {
      expect(tag).toContain(`src="${logo.src}"`);
      expect(tag).toContain('width="144"');
      expect(tag).toContain('height="36"');
    }
    // About: AVIF and WebP sources, the JPEG with its 1x/2x, its size, lazy.
    expect(html).toContain(`<source type="image/avif" srcSet="${photo.avif}"/>`);
    expect(html).toContain(`<source type="image/webp" srcSet="${photo.webp}"/>`);
    const photoTag = html.match(/<img[^>]*src="\/uploads\/photo-jpeg-1x-[^"]*"[^>]*>/)?.[0] ?? '';
    for (const part of [
      `srcSet="${photo.jpeg}"`,
      'width="112"',
      'height="112"',
      'loading="lazy"',
    ]) {
      expect(photoTag).toContain(part);
    }
    // The sharing card: absolute on SITE_URL, with its size.
    expect(html).toContain(`<meta property="og:image" content="https://acme.example${og.src}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="https://acme.example${og.src}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    // The search engines' description names the uploaded logo and image at the same address.
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as { logo?: string; image?: string };
    expect(jsonLd).toMatchObject({
      logo: `https://acme.example${logo.src}`,
      image: `https://acme.example${og.src}`,
    });
    // The favicon's links replace the built-in ones.
    expect(html).toContain(
      `<link rel="icon" href="${favicon.png32}" type="image/png" sizes="32x32" />`,
    );
    expect(html).toContain(
      `<link rel="apple-touch-icon" href="${favicon.png180}" sizes="180x180" />`,
    );
    expect(html).not.toContain('/favicon.svg"');
    // The admin's tabs and the page-not-found page show it as well.
    const notFound = await app.request('/no-such-page', { headers: { accept: 'text/html' } });
    expect(notFound.status).toBe(404);
    const notFoundHtml = await notFound.text();
    expect(notFoundHtml).toContain(`<link rel="icon" href="${favicon.png32}"`);
    expect(notFoundHtml).not.toContain('/favicon.svg"');
    // Its header and footer show the logo (the public frame's JSON carries it).
    expect(notFoundHtml).toContain(`"logo":{"src":"${logo.src}","width":400,"height":100}`);
    // The web manifest: the 192 and 512 px icons an installed site shows.
    const manifest = (await (await app.request('/manifest.webmanifest')).json()) as {
      icons: unknown[];
    };
    expect(manifest.icons).toEqual([
      { src: favicon.png192, sizes: '192x192', type: 'image/png' },
      { src: favicon.png512, sizes: '512x512', type: 'image/png' },
    ]);
    expect(favicon.png512).toMatch(/^\/uploads\/favicon-png-512-[0-9a-f]{16}\.png$/);
    // Every address in the page is served.
    for (const src of [logo.src, photo.src, og.src, favicon.png32, favicon.png512 ?? '']) {
      expect((await app.request(src)).status).toBe(200);
    }

    for (const slot of ['logo', 'photo', 'og', 'favicon']) {
      const response = await app.request(`/api/media/${slot}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(response.status).toBe(200);
    }
    const after = await home();
    expect(after).not.toContain('/uploads/');
    expect(after).toContain('<link rel="icon" href="/favicon.svg"');
    const notFoundAfter = await app.request('/no-such-page', { headers: { accept: 'text/html' } });
    expect(await notFoundAfter.text()).toContain('<link rel="icon" href="/favicon.svg"');
  });
});

describe('the favicon follows an uploaded logo', () => {
  it('while no favicon is uploaded, the tabs show the logo: home, the 404 page, the link pages', async () => {
    const { logo } = await upload('logo', await testImage('png', 400, 100), 'logo.png');
    const icon = `<link rel="icon" href="${logo?.src}" type="image/png"`;
    expect(await home()).toContain(icon);
    const notFound = await app.request('/no-such-page', { headers: { accept: 'text/html' } });
    expect(await notFound.text()).toContain(icon);
    const linkPage = await (await app.request('/newsletter/confirm?token=x')).text();
    expect(linkPage).toContain(`<link rel="icon" href="${logo?.src}" type="image/png"`);
    expect(linkPage).not.toContain('/favicon.svg" type');
  });
});

describe('the pages the server writes itself use them too', () => {
  it('the newsletter link pages and the booking page: the logo in the header, the favicon', async () => {
    const pages = ['/newsletter/confirm?token=x', '/booking/manage?token=x'];
    for (const page of pages) {
      const html = await (await app.request(page)).text();
      expect(html).toContain('<img src="/favicon.svg" alt="" width="36" height="36"');
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
    const { logo } = await upload('logo', await testImage('png', 400, 100), 'logo.png');
    const { favicon } = await upload('favicon', await testImage('png', 64, 64), 'icon.png');
    for (const page of pages) {
      const response = await app.request(page);
      // A dead link's page, still in the site's clothes.
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(`<img src="${logo?.src}" alt="" width="144" height="36"`);
      expect(html).toContain(`<link rel="icon" href="${favicon?.png32}" type="image/png"`);
      expect(html).not.toContain('/favicon.svg');
    }
  });
});
