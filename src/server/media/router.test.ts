import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { failure } from '#tests/support/trpc-errors';
import { LOGO_SVG_WITH_SCRIPT, testImage } from '#tests/support/images';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_URL_PREFIX } from '#shared/site-media';
import { currentContent } from '#server/site/site-content';
import { mailLogo } from '#server/site/site-brand';
import { readMediaFile } from './store';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const file = (bytes: Uint8Array, name: string) => ({ name, bytes: new Uint8Array(bytes) });

/** The stored variant behind a served address. */
async function stored(src: string) {
  const found = await readMediaFile(deps.db, src.slice(MEDIA_URL_PREFIX.length));
  if (!found) throw new Error(`no stored file for ${src}`);
  return found;
}

const srcsOf = (srcset: string) => srcset.split(', ').map((part) => part.split(' ')[0] ?? '');

describe('media.upload', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'takes a %s photo: 1x and 2x in three formats',
    async (format) => {
      const media = await admin.media.upload({
        slot: 'photo',
        file: file(await testImage(format, 400, 300), `me.${format}`),
      });
      expect(media.photo).toMatchObject({ width: 112, height: 112 });
      const photo = media.photo!;
      const expected = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;
      for (const key of ['avif', 'webp', 'jpeg'] as const) {
        const [one = '', two = ''] = srcsOf(photo[key]);
        for (const [src, size] of [
          [one, 112],
          [two, 224],
        ] as const) {
          const meta = await sharp((await stored(src)).bytes).metadata();
          expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
            format: expected[key],
            width: size,
            height: size,
          });
        }
      }
      expect(photo.src).toBe(srcsOf(photo.jpeg)[0]);
    },
  );

  it('makes the sharing image 1200x630 and the favicon 32, 180, 192 and 512 px PNGs', async () => {
    const og = (
      await admin.media.upload({
        slot: 'og',
        file: file(await testImage('png', 2000, 1500), 'og.png'),
      })
    ).og!;
    expect(og).toMatchObject({ width: 1200, height: 630 });
    const ogMeta = await sharp((await stored(og.src)).bytes).metadata();
    expect([ogMeta.format, ogMeta.width, ogMeta.height]).toEqual(['jpeg', 1200, 630]);

    const favicon = (
      await admin.media.upload({
        slot: 'favicon',
        file: file(await testImage('jpeg', 300, 300), 'f.jpg'),
      })
    ).favicon!;
    for (const [src, size] of [
      [favicon.png32, 32],
      [favicon.png180, 180],
      [favicon.png192, 192],
      [favicon.png512 ?? 'no 512 px icon', 512],
    ] as const) {
      const meta = await sharp((await stored(src)).bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('bounds a raster logo in height, keeping its proportions', async () => {
    const logo = (
      await admin.media.upload({
        slot: 'logo',
        file: file(await testImage('png', 800, 200), 'logo.png'),
      })
    ).logo!;
    expect(logo).toMatchObject({ width: 432, height: 108 });
    const meta = await sharp((await stored(logo.src)).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 432, 108]);
  });

  it('strips the metadata of the upload (EXIF: camera, author)', async () => {
    const upload = await testImage('jpeg', 400, 400, { exif: true });
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const photo = (await admin.media.upload({ slot: 'photo', file: file(upload, 'me.jpg') }))
      .photo!;
    for (const src of [...srcsOf(photo.jpeg), ...srcsOf(photo.webp)]) {
      const bytes = (await stored(src)).bytes;
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes('Jane Doe')).toBe(false);
    }
  });

  it('takes an SVG logo with its scripts, handlers and links out removed', async () => {
    const logo = (
      await admin.media.upload({
        slot: 'logo',
        file: file(Buffer.from(LOGO_SVG_WITH_SCRIPT), 'logo.svg'),
      })
    ).logo!;
    const svg = (await stored(logo.src)).bytes.toString('utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('<rect');
    for (const gone of ['<script', 'onload', 'onclick', 'javascript:', 'alert', 'evil.example']) {
      expect(svg).not.toContain(gone);
    }
    expect(logo).toMatchObject({ width: 432, height: 108 });
  });

  it('keeps a design tool’s SVG drawable: XML out, <use> of its own parts, a no-break space', async () => {
    // Exported without xmlns, with a repeated part and a no-break space in the name.
    const exported = `<svg viewBox="0 0 200 50"><defs><rect id="bar" width="20" height="50"/></defs>
<use href="#bar"/><use href="#bar" x="40"/><use href="https://evil.example/x.svg#bar"/>
<text x="80" y="32">Harbor\u00a0Lane</text></svg>`;
    const logo = (
      await admin.media.upload({ slot: 'logo', file: file(Buffer.from(exported), 'logo.svg') })
    ).logo!;
    const svg = (await stored(logo.src)).bytes.toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 50">/);
    expect(svg.match(/<use href="#bar"/g)).toHaveLength(2);
    expect(svg).not.toContain('evil.example');
    expect(svg).toContain('Harbor\u00a0Lane');
    expect(svg).not.toContain('&nbsp;');
    // What the browser is given is an image an SVG reader draws.
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
  });

  it('makes a PNG of an SVG logo, drawn at its stored size, for mail: the logo every mail carries', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><rect width="200" height="50" fill="#4338ca"/></svg>`;
    expect(await mailLogo(testConfig({ siteUrl: 'https://harbor.example' }), deps.db)()).toBeNull();
    const logo = (
      await admin.media.upload({ slot: 'logo', file: file(Buffer.from(svg), 'logo.svg') })
    ).logo!;
    expect(logo).toMatchObject({ width: 432, height: 108 });
    expect(logo.png).toMatch(/^\/uploads\/logo-png-[0-9a-f]{16}\.png$/);
    const png = await sharp((await stored(logo.png ?? '')).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([png.info.width, png.info.height]).toEqual([432, 108]);
    // The logo's own drawing, in its colour (within the rounding of a colour conversion).
    const drawn = [...png.data.subarray(0, 3)];
    [0x43, 0x38, 0xca].forEach((channel, i) => {
      expect(Math.abs((drawn[i] ?? 0) - channel)).toBeLessThanOrEqual(8);
    });
    expect(await mailLogo(testConfig({ siteUrl: 'https://harbor.example' }), deps.db)()).toEqual({
      src: `https://harbor.example${logo.png}`,
      width: 432,
      height: 108,
      alt: 'Acme AI Engineering',
    });
  });

  it('takes an SVG whose doctype has an internal subset, as older Illustrator exports do', async () => {
    const exported = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="100" height="50"/></svg>`;
    const logo = (
      await admin.media.upload({ slot: 'logo', file: file(Buffer.from(exported), 'logo.svg') })
    ).logo!;
    expect(logo).toMatchObject({ width: 216, height: 108 });
    expect((await stored(logo.src)).bytes.toString('utf8')).not.toContain('ENTITY');
  });

  it('refuses a file that is no image by its bytes, whatever its name', async () => {
    const fake = Buffer.from('this is a text file, not a PNG at all');
    const error = await failure(admin.media.upload({ slot: 'logo', file: file(fake, 'logo.png') }));
    expect([error.code, error.message]).toEqual(['BAD_REQUEST', MEDIA_MESSAGES.notImage]);
    // A PNG signature in front of garbage is no PNG either.
    const forged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      fake,
    ]);
    const again = await failure(
      admin.media.upload({ slot: 'photo', file: file(forged, 'me.png') }),
    );
    expect([again.code, again.message]).toEqual(['BAD_REQUEST', MEDIA_MESSAGES.notImage]);
    expect(await admin.media.list()).toEqual({});
  });

  it('refuses an SVG anywhere but the logo, and an image over 5 MB', async () => {
    const svg = await failure(
      admin.media.upload({
        slot: 'photo',
        file: file(Buffer.from(LOGO_SVG_WITH_SCRIPT), 'me.svg'),
      }),
    );
    expect([svg.code, svg.message]).toEqual(['BAD_REQUEST', MEDIA_MESSAGES.svgOnlyLogo]);
    const big = Buffer.concat([await testImage('png', 10, 10), Buffer.alloc(MEDIA_MAX_BYTES)]);
    const tooLarge = await failure(
      admin.media.upload({ slot: 'photo', file: file(big, 'big.png') }),
    );
    expect([tooLarge.code, tooLarge.message]).toEqual(['BAD_REQUEST', MEDIA_MESSAGES.tooLarge]);
  });

  it('is for administrators only', async () => {
    const visitor = callerFor(deps).caller;
    const error = await failure(
      visitor.media.upload({ slot: 'logo', file: file(await testImage('png'), 'l.png') }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect((await failure(visitor.media.list())).code).toBe('UNAUTHORIZED');
    expect((await failure(visitor.media.remove({ slot: 'logo' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('media: replace, remove, the content and the audit log', () => {
  it('replaces the slot, shows in the content at once, and removes back to none', async () => {
    const first = (
      await admin.media.upload({
        slot: 'logo',
        file: file(await testImage('png', 300, 100), 'a.png'),
      })
    ).logo!;
    expect((await currentContent(deps.db)).content.media?.logo).toEqual(first);
    const second = (
      await admin.media.upload({
        slot: 'logo',
        file: file(await testImage('webp', 200, 100), 'b.webp'),
      })
    ).logo!;
    expect(second.src).not.toBe(first.src);
    expect(await readMediaFile(deps.db, first.src.slice(MEDIA_URL_PREFIX.length))).toBeNull();
    expect((await currentContent(deps.db)).content.media).toEqual({ logo: second });

    expect(await admin.media.remove({ slot: 'logo' })).toEqual({});
    expect((await currentContent(deps.db)).content.media).toBeUndefined();
    expect(await readMediaFile(deps.db, second.src.slice(MEDIA_URL_PREFIX.length))).toBeNull();

    const entries = (await auditEntries(deps.db)).map((e) => [e.action, e.target]);
    expect(entries).toEqual([
      ['content_updated', 'logo image uploaded'],
      ['content_updated', 'logo image uploaded'],
      ['content_updated', 'logo image removed'],
    ]);
  });

  it('is not kept in a saved content version: the words and the images stay apart', async () => {
    await admin.media.upload({ slot: 'og', file: file(await testImage('jpeg'), 'og.jpg') });
    const { content, version } = await admin.content.get();
    expect(content.media?.og).toBeDefined();
    await admin.content.save({ content, baseVersion: version });
    await admin.media.remove({ slot: 'og' });
    expect((await admin.content.get()).content.media).toBeUndefined();
  });
});
