/**
 * The files made of one upload, at the sizes the page shows them (shared/site-media.ts):
 * the photo at 1x and 2x in AVIF, WebP and JPEG; the sharing image at 1200x630; the favicon
 * at 32, 180, 192 and 512 px as PNG; the logo as a PNG bounded in height, an SVG one also as
 * sanitised SVG.
 * sharp writes no metadata unless asked (EXIF, GPS, ICC profiles are dropped); `rotate()`
 * first applies the camera's orientation, which would otherwise be lost with it.
 */
import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { TRPCError } from '@trpc/server';
import { MEDIA_MESSAGES, MEDIA_SIZES, type MediaSlot } from '#shared/site-media';
import { SITE_IMAGE_LIMITS } from '#shared/site-image';
import { detectFormat } from './image-format';
import { sanitizeSvg } from './svg-sanitizer';

export interface MediaVariant {
  /** The served name: slot, variant, a hash of the bytes, the extension. */
  name: string;
  variant: string;
  type: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Decoding stops past this many pixels (a small file can claim a huge canvas). */
export const MAX_INPUT_PIXELS = SITE_IMAGE_LIMITS.maxPixels;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

function named(
  slot: string,
  variant: string,
  type: string,
  size: { width: number; height: number },
  bytes: Buffer,
): MediaVariant {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const name = `${slot}-${variant}-${hash}.${EXTENSIONS[type] ?? 'bin'}`;
  return { name, variant, type, bytes, ...size };
}

export const bad = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * A logo past MEDIA_SIZES.logoMaxRatio is refused: drawn at the stored height, `width="1000"
 * height="1"` would be a PNG 108,000 pixels wide, which the image library cannot make.
 */
export function assertLogoProportions(width: number, height: number): void {
  if (Math.max(width, height) > MEDIA_SIZES.logoMaxRatio * Math.min(width, height)) {
    throw bad(MEDIA_MESSAGES.logoRatio);
  }
}

export async function rendered(pipeline: Sharp, slot: string, variant: string, type: string) {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return named(slot, variant, type, { width: info.width, height: info.height }, data);
}

/** A square photo of `size` css px at 1x and 2x, in AVIF, WebP and JPEG. */
export function photoVariants(input: () => Sharp, slot: string, size: number = MEDIA_SIZES.photo) {
  return Promise.all(
    [1, 2].flatMap((scale) => {
      const box = () => input().resize(size * scale, size * scale, { fit: 'cover' });
      return [
        rendered(box().avif({ quality: 55 }), slot, `avif-${scale}x`, 'image/avif'),
        rendered(box().webp({ quality: 80 }), slot, `webp-${scale}x`, 'image/webp'),
        rendered(box().jpeg({ quality: 82, mozjpeg: true }), slot, `jpeg-${scale}x`, 'image/jpeg'),
      ];
    }),
  );
}

/** An uploaded SVG, sanitised (svg-sanitizer.ts) and as bytes; a 400 when nothing is left. */
export async function sanitizedSvg(upload: Uint8Array): Promise<Buffer> {
  const clean = await sanitizeSvg(new TextDecoder().decode(upload));
  if (clean === null) throw bad(MEDIA_MESSAGES.svgUnreadable);
  return Buffer.from(clean, 'utf8');
}

/**
 * A sanitised SVG logo (the site's or a client's): kept as SVG, at the stored height's
 * proportions, and beside it the same logo as a PNG.
 */
export async function svgLogoVariants(bytes: Buffer, slot: string): Promise<MediaVariant[]> {
  const { default: sharp } = await import('sharp');
  // Its proportions, as librsvg reads them, give the <img> its width and height.
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw bad(MEDIA_MESSAGES.svgUnreadable);
  assertLogoProportions(meta.width, meta.height);
  const height = MEDIA_SIZES.logoMaxStoredHeight;
  const width = Math.max(1, Math.round((meta.width / meta.height) * height));
  // Beside it the same logo as a PNG, for mail: most mail programs show no SVG.
  // Drawn at the density that gives its stored height, not drawn small and enlarged.
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * height) / meta.height)));
  const png = await rendered(
    sharp(bytes, { density }).resize(width, height, { fit: 'fill' }).png({ compressionLevel: 9 }),
    slot,
    'png',
    'image/png',
  );
  return [named(slot, 'svg', 'image/svg+xml', { width, height }, bytes), png];
}

/** A raster logo as a PNG bounded in height and width, never enlarged. */
export function rasterLogoVariant(
  input: () => Sharp,
  meta: { width?: number | undefined; height?: number | undefined },
  slot: string,
): Promise<MediaVariant> {
  assertLogoProportions(meta.width ?? 1, meta.height ?? 1);
  return rendered(
    input()
      .resize(MEDIA_SIZES.logoMaxStoredWidth, MEDIA_SIZES.logoMaxStoredHeight, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 }),
    slot,
    'png',
    'image/png',
  );
}

/**
 * The variants of an upload for `slot`, or a 400 naming what is wrong with it (not an image
 * by its bytes, SVG for another slot than the logo, an image sharp cannot decode).
 */
export async function makeVariants(slot: MediaSlot, upload: Uint8Array): Promise<MediaVariant[]> {
  const format = detectFormat(upload);
  if (format === null) throw bad(MEDIA_MESSAGES.notImage);
  // Loaded at the first upload, not when the server starts (docs/operations.md, "Start-up time").
  const { default: sharp } = await import('sharp');
  if (format === 'svg') {
    if (slot !== 'logo') throw bad(MEDIA_MESSAGES.svgOnlyLogo);
    return svgLogoVariants(await sanitizedSvg(upload), slot);
  }
  const input = () =>
    sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const meta = await input().metadata();
    if (meta.format !== format && !(format === 'avif' && meta.format === 'heif')) {
      throw bad(MEDIA_MESSAGES.notImage);
    }
    switch (slot) {
      case 'photo':
        return await photoVariants(input, slot);
      case 'og': {
        const { width, height } = MEDIA_SIZES.og;
        return [
          await rendered(
            input().resize(width, height, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }),
            slot,
            'jpeg',
            'image/jpeg',
          ),
        ];
      }
      case 'favicon':
        return await Promise.all(
          MEDIA_SIZES.favicons.map((size) =>
            rendered(
              input().resize(size, size, { fit: 'cover' }).png({ compressionLevel: 9 }),
              slot,
              `png-${size}`,
              'image/png',
            ),
          ),
        );
      case 'logo':
        return [await rasterLogoVariant(input, meta, slot)];
    }
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    // sharp could not decode it: a truncated or forged file with an image's first bytes.
    throw bad(MEDIA_MESSAGES.notImage);
  }
}
