/**
 * The upload and the served files through the whole app (app.request): multipart bodies, the
 * 413 before anything is read, 401 signed out, 400 naming the problem, and the hashed files'
 * bytes and headers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { LOGO_SVG_WITH_SCRIPT, testImage, uploadForm } from '#tests/support/images';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';
import type { App } from '#server/app/app';
import { MAX_BODY_BYTES } from '#server/http/middleware';
import { MEDIA_BODY_BYTES } from './router';

let app: App;
let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  cookie = await signedInCookie(deps);
});

async function upload(slot: string, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await app.request(`/api/media/${slot}`, {
    method: 'POST',
    headers: { cookie, ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const mediaOf = (body: Record<string, unknown>) => body.media as SiteMedia;

describe('POST /api/media/:slot', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'takes a %s photo as multipart/form-data',
    async (format) => {
      const { status, body } = await upload(
        'photo',
        uploadForm(await testImage(format), `me.${format}`),
      );
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(mediaOf(body).photo).toMatchObject({ width: 112, height: 112 });
    },
  );

  it('refuses a text file named .png with a 400 naming the problem', async () => {
    const { status, body } = await upload(
      'logo',
      uploadForm(Buffer.from('not an image'), 'logo.png'),
    );
    expect([status, body]).toEqual([400, { success: false, message: MEDIA_MESSAGES.notImage }]);
  });

  it.each([
    ['wide', 'width="1000" height="1"'],
    ['tall', 'width="1" height="1000"'],
  ])('refuses a %s SVG logo past the proportions limit with a 400 naming it', async (_, size) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" ${size}><rect width="100%" height="100%"/></svg>`;
    const { status, body } = await upload('logo', uploadForm(Buffer.from(svg), 'logo.svg'));
    expect([status, body]).toEqual([400, { success: false, message: MEDIA_MESSAGES.logoRatio }]);
    expect(MEDIA_MESSAGES.logoRatio).toContain('20 times');
  });

  it('refuses a PNG logo past the same proportions with the same 400', async () => {
    const png = await sharp({
      create: { width: 400, height: 4, channels: 3, background: '#4338ca' },
    })
      .png()
      .toBuffer();
    const { status, body } = await upload('logo', uploadForm(png, 'logo.png'));
    expect([status, body]).toEqual([400, { success: false, message: MEDIA_MESSAGES.logoRatio }]);
  });

  it('takes an SVG logo stripped of <script> and onload, served with a policy against scripts', async () => {
    const { status, body } = await upload(
      'logo',
      uploadForm(Buffer.from(LOGO_SVG_WITH_SCRIPT), 'logo.svg'),
    );
    expect(status).toBe(200);
    const served = await app.request(mediaOf(body).logo!.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    const text = await served.text();
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|onclick|alert/);
  });

  it('takes an SVG logo stripped of CSS (style elements and attributes) and outside url() references', async () => {
    // CSS can fetch: @import, url() in a rule or a style attribute; a paint may name a URL.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50" width="200" height="50">
  <style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/b.svg#p) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/></linearGradient></defs>
  <rect width="200" height="50" style="background: url(https://evil.example/c.png)" fill="url(#g)"/>
  <circle r="5" fill="url(https://evil.example/d.svg#p)" filter="url( 'https://evil.example/e.svg#f' )"/>
</svg>`;
    const { status, body } = await upload('logo', uploadForm(Buffer.from(svg), 'logo.svg'));
    expect(status).toBe(200);
    const text = await (await app.request(mediaOf(body).logo!.src)).text();
    expect(text).not.toMatch(/<style|style=|evil\.example|@import/);
    // What the document draws from itself stays: the gradient and its reference.
    expect(text).toContain('<rect');
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain('<linearGradient id="g"');
  });

  it('refuses an SVG slow to rasterise with a 400 at its time limit, answering others meanwhile', async () => {
    // 1,000 blurred squares through three levels of <use>: 771 bytes, seconds to draw.
    let parts = `<filter id="f"><feGaussianBlur stdDeviation="9"/></filter><rect id="l0" width="100" height="100" filter="url(#f)"/>`;
    for (let level = 1; level <= 3; level++) {
      parts += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${parts}</defs><use href="#l3"/></svg>`;
    const usual = { app, cookie };
    ({ app, deps } = await createTestApp({ imageTimeLimitMs: 1_000 }));
    cookie = await signedInCookie(deps);
    let settled = false;
    const refused = upload('logo', uploadForm(Buffer.from(svg), 'logo.svg')).finally(() => {
      settled = true;
    });
    const live = await app.request('/healthz');
    expect([live.status, settled]).toEqual([200, false]);
    expect(await refused).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'The image takes more than 1 seconds to process, more than this site allows.',
      },
    });
    // The next upload gets a new worker (the pool is the process's), here under the usual
    // limit: an honest image's own time is not this test's subject, and on a loaded machine
    // it has taken more than the second above.
    ({ app, cookie } = usual);
    expect(await upload('logo', uploadForm(await testImage('png'), 'l.png'))).toMatchObject({
      status: 200,
    });
  });

  it('answers 400 without a file, for an unknown slot, and for an image over 5 MB', async () => {
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect(await upload('logo', noFile)).toMatchObject({
      status: 400,
      body: { message: MEDIA_MESSAGES.noFile },
    });
    expect(await upload('banner', uploadForm(await testImage('png'), 'b.png'))).toMatchObject({
      status: 400,
      body: { message: MEDIA_MESSAGES.slot },
    });
    const big = Buffer.concat([await testImage('png', 10, 10), Buffer.alloc(MEDIA_MAX_BYTES)]);
    expect(await upload('photo', uploadForm(big, 'big.png'))).toMatchObject({
      status: 400,
      body: { message: MEDIA_MESSAGES.tooLarge },
    });
  });

  it('answers 413 for a body over its limit, before anything is read', async () => {
    const huge = uploadForm(Buffer.alloc(MEDIA_BODY_BYTES + 1), 'huge.png');
    expect(await upload('photo', huge)).toEqual({
      status: 413,
      body: {
        success: false,
        message: `Request body is too large: at most ${MEDIA_BODY_BYTES} bytes`,
      },
    });
    // Another path keeps the API's 64 KiB.
    const response = await app.request('/api/content', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: 'x'.repeat(70_000),
    });
    expect(response.status).toBe(413);
  });

  it('holds a stranger to the API’s 64 KiB: no megabytes buffered before the 401', async () => {
    const photo = uploadForm(Buffer.alloc(1_000_000), 'photo.jpg');
    const strangers: Record<string, string>[] = [{}, { cookie: 'admin_session=forged' }];
    for (const headers of strangers) {
      const response = await app.request('/api/media/photo', {
        method: 'POST',
        headers,
        body: photo,
      });
      expect([response.status, await response.json()]).toEqual([
        413,
        { success: false, message: `Request body is too large: at most ${MAX_BODY_BYTES} bytes` },
      ]);
    }
  });

  it('answers 401 signed out (before any check of the file) and 403 cross-site', async () => {
    const signedOut = await app.request('/api/media/logo', {
      method: 'POST',
      body: uploadForm(Buffer.from('not an image'), 'logo.png'),
    });
    expect([signedOut.status, await signedOut.json()]).toEqual([
      401,
      { success: false, message: 'Please sign in to continue' },
    ]);
    const crossSite = await upload('logo', uploadForm(await testImage('png'), 'l.png'), {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
  });

  it('is removed with DELETE, and GET lists what the pages show', async () => {
    await upload('og', uploadForm(await testImage('jpeg'), 'og.jpg'));
    const listed = await app.request('/api/media', { headers: { cookie } });
    const media = ((await listed.json()) as { media: SiteMedia }).media;
    expect(media.og).toMatchObject({ width: 1200, height: 630 });
    // Served once before it goes: nothing kept of it answers after the removal.
    expect((await app.request(media.og!.src)).status).toBe(200);
    const removed = await app.request('/api/media/og', { method: 'DELETE', headers: { cookie } });
    expect(await removed.json()).toEqual({ success: true, media: {} });
    expect((await app.request(media.og!.src)).status).toBe(404);
  });
});

describe('GET /uploads/:name', () => {
  it('serves the variant with its type, immutable caching, nosniff; the bytes sharp reads back', async () => {
    const { body } = await upload(
      'favicon',
      uploadForm(await testImage('webp', 256, 256), 'f.webp'),
    );
    const favicon = mediaOf(body).favicon!;
    expect(favicon.png192).toMatch(/^\/uploads\/favicon-png-192-[0-9a-f]{16}\.png$/);
    const response = await app.request(favicon.png192);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 192, 192]);
  });

  it('lets any origin load every file of the logo and the sharing image; the others stay same-origin', async () => {
    // Mail is read in other origins (webmail, a saved mail file, the admin's sandboxed
    // previews): the logo and the sharing image must load there (docs/content.md, "Images").
    const corp = async (src: string) =>
      (await app.request(src)).headers.get('cross-origin-resource-policy');
    const svg = mediaOf(
      (await upload('logo', uploadForm(Buffer.from(LOGO_SVG_WITH_SCRIPT), 'logo.svg'))).body,
    ).logo!;
    expect(svg.png).toMatch(/^\/uploads\/logo-/);
    for (const src of [svg.src, svg.png!]) expect(await corp(src)).toBe('cross-origin');
    const raster = mediaOf(
      (await upload('logo', uploadForm(await testImage('png'), 'l.png'))).body,
    ).logo!;
    expect(await corp(raster.src)).toBe('cross-origin');
    const og = mediaOf(
      (await upload('og', uploadForm(await testImage('jpeg'), 'og.jpg'))).body,
    ).og!;
    expect(await corp(og.src)).toBe('cross-origin');

    const photo = mediaOf(
      (await upload('photo', uploadForm(await testImage('jpeg'), 'me.jpg'))).body,
    ).photo!;
    const favicon = mediaOf(
      (await upload('favicon', uploadForm(await testImage('png', 256, 256), 'f.png'))).body,
    ).favicon!;
    for (const src of [photo.src, photo.avif, favicon.png32, favicon.png192]) {
      expect(await corp(src.split(/[ ,]/)[0]!)).toBe('same-origin');
    }
  });

  it('answers 404 for an unknown name', async () => {
    expect((await app.request('/uploads/logo-png-0123456789abcdef.png')).status).toBe(404);
    expect((await app.request('/uploads/../../etc/passwd')).status).toBe(404);
    expect((await app.request('/uploads/whatever')).status).toBe(404);
  });
});
