/**
 * The proof's uploads through the whole app (docs/api.md, "Uploaded images"): a testimonial's
 * photo, a client's logo and an entry's cover as multipart/form-data, answered with the
 * entity; served at hashed addresses with their resized files; replaced and removed with
 * their files; refused with a 400 naming the problem (not an image, over 10 MB or 40
 * megapixels, an SVG with nothing safe left), 404 for an unknown id, 401 signed out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mediaFiles } from '#db/schema';
import type { Entry } from '#shared/shapes/entries';
import type { ClientLogo, Testimonial } from '#shared/shapes/proof';
import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from '#shared/site-image';
import { MEDIA_MESSAGES } from '#shared/site-media';
import { createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { LOGO_SVG_WITH_SCRIPT, testImage, uploadForm } from '#tests/support/images';
import type { App } from '#server/app/app';

let app: App;
let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  cookie = await signedInCookie(deps);
});

async function send(method: string, path: string, body?: FormData | string) {
  const headers: Record<string, string> = { cookie };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const response = await app.request(path, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const form = (bytes: Uint8Array, name: string, alt?: string) => {
  const body = uploadForm(bytes, name);
  if (alt !== undefined) body.append('alt', alt);
  return body;
};

async function newTestimonial(): Promise<number> {
  const json = JSON.stringify({ quote: 'Faster answers.', name: 'Ada Lovelace' });
  return ((await send('POST', '/api/testimonials', json)).body.testimonial as Testimonial).id;
}

async function newLogo(): Promise<number> {
  const json = JSON.stringify({ name: 'Acme' });
  return ((await send('POST', '/api/client-logos', json)).body.clientLogo as ClientLogo).id;
}

async function newEntry(): Promise<number> {
  const json = JSON.stringify({ kind: 'insight', title: 'Evals', summary: 'First.', body: 'x' });
  return ((await send('POST', '/api/entries', json)).body.entry as Entry).id;
}

const files = async () =>
  (await deps.db.select({ name: mediaFiles.name, slot: mediaFiles.slot }).from(mediaFiles).all())
    .map((file) => file.slot)
    .sort();

/** The CRC of a PNG chunk (type and data), as the format defines it. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small PNG file whose header claims `width` x `height` pixels. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await testImage('png', 1, 1));
  // Signature (8), then the IHDR chunk: length (4), type (4), width, height, …, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('POST /api/testimonials/:id/photo', () => {
  it('answers 200 with the testimonial and its photo: 64 px square, served hashed with 1x and 2x', async () => {
    const id = await newTestimonial();
    const { status, body } = await send(
      'POST',
      `/api/testimonials/${id}/photo`,
      form(await testImage('jpeg', 400, 300), 'ada.jpg', ' Ada smiling '),
    );
    expect(status).toBe(200);
    const { photo } = body.testimonial as Testimonial;
    expect(photo).toEqual({
      url: expect.stringMatching(/^\/uploads\/portrait-1-jpeg-1x-[0-9a-f]{16}\.jpg$/) as string,
      width: 64,
      height: 64,
      alt: 'Ada smiling',
    });
    const served = await app.request(photo!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(await files()).toEqual(Array(6).fill('portrait-1'));

    // Another upload replaces it: the old address is gone.
    const again = await send(
      'POST',
      `/api/testimonials/${id}/photo`,
      form(await testImage('png', 200, 200), 'ada.png'),
    );
    const next = (again.body.testimonial as Testimonial).photo!;
    expect(next.url).not.toBe(photo!.url);
    expect(next.alt).toBe('');
    expect((await app.request(photo!.url)).status).toBe(404);
    expect(await files()).toHaveLength(6);

    // DELETE removes it and its files.
    const removed = await send('DELETE', `/api/testimonials/${id}/photo`);
    expect([removed.status, (removed.body.testimonial as Testimonial).photo]).toEqual([200, null]);
    expect((await app.request(next.url)).status).toBe(404);
    expect(await files()).toEqual([]);
  });

  it('refuses what is not an image, over 10 MB or over 40 megapixels: 400 naming it, nothing kept', async () => {
    const id = await newTestimonial();
    const path = `/api/testimonials/${id}/photo`;
    expect(await send('POST', path, form(Buffer.from('not an image'), 'a.png'))).toEqual({
      status: 400,
      body: { success: false, message: SITE_IMAGE_MESSAGES.notImage },
    });
    const big = Buffer.concat([
      await testImage('png', 10, 10),
      Buffer.alloc(SITE_IMAGE_LIMITS.maxBytes),
    ]);
    expect(await send('POST', path, form(big, 'big.png'))).toEqual({
      status: 400,
      body: { success: false, message: SITE_IMAGE_MESSAGES.tooLarge },
    });
    expect(await send('POST', path, form(await pngClaiming(8000, 5001), 'huge.png'))).toEqual({
      status: 400,
      body: { success: false, message: SITE_IMAGE_MESSAGES.tooManyPixels },
    });
    expect(await send('POST', path, new FormData())).toMatchObject({
      status: 400,
      body: { message: MEDIA_MESSAGES.noFile },
    });
    expect(
      await send('POST', path, form(await testImage('png', 10, 10), 'a.png', 'a'.repeat(201))),
    ).toMatchObject({ status: 400, body: { issues: [{ path: 'alt' }] } });
    expect(await files()).toEqual([]);
  });

  it('draws an SVG photo as a picture (never served as SVG); one with nothing safe left is 400', async () => {
    const id = await newTestimonial();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const { status, body } = await send(
      'POST',
      `/api/testimonials/${id}/photo`,
      form(Buffer.from(svg), 'me.svg'),
    );
    expect(status).toBe(200);
    expect((body.testimonial as Testimonial).photo?.url).toMatch(/\.jpg$/);
    const unsafe = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    // Only the <svg> element itself survives: librsvg reads no size from it.
    const refused = await send(
      'POST',
      `/api/testimonials/${id}/photo`,
      form(Buffer.from(`${unsafe.replace('<svg', '<svg width="0"')}`), 'x.svg'),
    );
    expect(refused).toEqual({
      status: 400,
      body: { success: false, message: MEDIA_MESSAGES.svgUnreadable },
    });
  });

  it('answers 404 for an unknown testimonial and 401 signed out, storing no file', async () => {
    const image = await testImage('png', 20, 20);
    expect((await send('POST', '/api/testimonials/9/photo', form(image, 'a.png'))).status).toBe(
      404,
    );
    const signedOut = await app.request('/api/testimonials/9/photo', {
      method: 'POST',
      body: form(image, 'a.png'),
    });
    expect(signedOut.status).toBe(401);
    expect(await files()).toEqual([]);
  });

  it('deleting the testimonial deletes its photo files', async () => {
    const id = await newTestimonial();
    await send('POST', `/api/testimonials/${id}/photo`, form(await testImage('png'), 'a.png'));
    expect(await files()).toHaveLength(6);
    expect((await send('DELETE', `/api/testimonials/${id}`)).status).toBe(200);
    expect(await files()).toEqual([]);
  });
});

describe('POST /api/client-logos/:id/image', () => {
  it('keeps an SVG logo sanitised beside its PNG, same-origin', async () => {
    const id = await newLogo();
    const { status, body } = await send(
      'POST',
      `/api/client-logos/${id}/image`,
      form(Buffer.from(LOGO_SVG_WITH_SCRIPT), 'acme.svg', 'Acme'),
    );
    expect(status).toBe(200);
    const { image } = body.clientLogo as ClientLogo;
    expect(image).toMatchObject({ width: 432, height: 108, alt: 'Acme' });
    expect(image?.url).toMatch(/^\/uploads\/client-logo-1-svg-[0-9a-f]{16}\.svg$/);
    const served = await app.request(image!.url);
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(await served.text()).not.toMatch(/script|onload|onclick|alert/);
    expect(await files()).toEqual(['client-logo-1', 'client-logo-1']);
    const removed = await send('DELETE', `/api/client-logos/${id}/image`);
    expect([removed.status, (removed.body.clientLogo as ClientLogo).image]).toEqual([200, null]);
    expect(await files()).toEqual([]);
  });
});

describe('POST /api/entries/:id/cover', () => {
  it('answers the entry with its cover: column widths in three formats and a 1200x630 card', async () => {
    const id = await newEntry();
    const { status, body } = await send(
      'POST',
      `/api/entries/${id}/cover`,
      form(await testImage('webp', 1600, 900), 'cover.webp', 'A harbour at dawn'),
    );
    expect(status).toBe(200);
    const entry = body.entry as Entry;
    expect(entry.coverImage).toEqual({
      url: expect.stringMatching(/^\/uploads\/cover-1-jpeg-1440-[0-9a-f]{16}\.jpg$/) as string,
      width: 1440,
      height: 810,
      alt: 'A harbour at dawn',
    });
    expect(entry.version).toBe(1);
    // Two widths in three formats, and the card.
    expect(await files()).toHaveLength(7);
    const card = await deps.db.select().from(mediaFiles).all();
    const cardFile = card.find((file) => file.variant === 'card');
    expect(await sharp(cardFile!.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The sharing card travels: link previews of other sites load it.
    const served = await app.request(entry.coverImage!.url);
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    expect((await send('DELETE', `/api/entries/${id}/cover`)).body.entry).toMatchObject({
      coverImage: null,
    });
    expect(await files()).toEqual([]);
  });

  it('never enlarges a small cover; deleting the entry deletes its cover files', async () => {
    const id = await newEntry();
    const { body } = await send(
      'POST',
      `/api/entries/${id}/cover`,
      form(await testImage('png', 600, 400), 'small.png'),
    );
    expect((body.entry as Entry).coverImage).toMatchObject({ width: 600, height: 400 });
    expect(await files()).toHaveLength(4);
    expect((await send('DELETE', `/api/entries/${id}`)).status).toBe(200);
    expect(await files()).toEqual([]);
  });

  it('answers 404 for an unknown entry', async () => {
    const { status } = await send(
      'POST',
      '/api/entries/5/cover',
      form(await testImage('png'), 'a.png'),
    );
    expect(status).toBe(404);
  });
});
