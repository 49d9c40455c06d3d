/**
 * The files made of an upload for one thing (shared/site-image.ts), with the site images'
 * own pieces (variants.ts): a testimonial's photo as the founder's photo is made (square, 1x
 * and 2x in AVIF, WebP and JPEG), a client's logo as the site's logo (PNG bounded in height,
 * an SVG kept sanitised beside its PNG), an entry's cover at the text column's widths in the
 * three formats plus a 1200x630 sharing card. An SVG photo or cover is sanitised, then drawn
 * as a picture and made as any other: only a logo is served as SVG.
 */
import { TRPCError } from '@trpc/server';
import type { Sharp } from 'sharp';
import {
  SITE_IMAGE_LIMITS,
  SITE_IMAGE_MESSAGES,
  SITE_IMAGE_SIZES,
  type SiteImageKind,
} from '#shared/site-image';
import { MEDIA_MESSAGES } from '#shared/site-media';
import { detectFormat, type UploadFormat } from './image-format';
import {
  bad,
  MAX_INPUT_PIXELS,
  photoVariants,
  rasterLogoVariant,
  rendered,
  sanitizedSvg,
  svgLogoVariants,
  type MediaVariant,
} from './variants';

export interface MadeImage {
  /** Every file of the image, each served under its name. */
  variants: MediaVariant[];
  /** The one the thing's SiteImage names (the JPEG of a photo or cover, the logo's own). */
  main: MediaVariant;
}

const made = (variants: MediaVariant[], variant: string): MadeImage => {
  const main = variants.find((file) => file.variant === variant);
  if (!main) throw new Error(`no ${variant} variant was made`);
  return { variants, main };
};

/** The longest side an SVG photo or cover is drawn at, before it is made as a picture. */
const DRAWN_SIDE: Record<Exclude<SiteImageKind, 'client_logo'>, number> = {
  portrait: SITE_IMAGE_SIZES.portrait * 4,
  cover: Math.max(...SITE_IMAGE_SIZES.coverWidths),
};

/** A sanitised SVG drawn as a PNG whose longer side is `side` px, whatever size it claims. */
async function drawnSvg(bytes: Buffer, side: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw bad(MEDIA_MESSAGES.svgUnreadable);
  const density = Math.min(2400, Math.max(1, (72 * side) / Math.max(meta.width, meta.height)));
  return sharp(bytes, { density })
    .png()
    .toBuffer()
    .catch(() => {
      throw bad(MEDIA_MESSAGES.svgUnreadable);
    });
}

/** The cover across the column (never enlarged) in three formats, and its sharing card. */
async function coverVariants(input: () => Sharp, slot: string, uprightWidth: number) {
  const widths = [...new Set(SITE_IMAGE_SIZES.coverWidths.map((w) => Math.min(w, uprightWidth)))];
  const { width, height } = SITE_IMAGE_SIZES.coverCard;
  const variants = await Promise.all([
    ...widths.flatMap((w) => {
      const sized = () => input().resize({ width: w, withoutEnlargement: true });
      return [
        rendered(sized().avif({ quality: 55 }), slot, `avif-${w}`, 'image/avif'),
        rendered(sized().webp({ quality: 80 }), slot, `webp-${w}`, 'image/webp'),
        rendered(sized().jpeg({ quality: 82, mozjpeg: true }), slot, `jpeg-${w}`, 'image/jpeg'),
      ];
    }),
    rendered(
      input().resize(width, height, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }),
      slot,
      'card',
      'image/jpeg',
    ),
  ]);
  return made(variants, `jpeg-${Math.max(...widths)}`);
}

async function pictureVariants(
  kind: SiteImageKind,
  slot: string,
  upload: Uint8Array,
  format: Exclude<UploadFormat, 'svg'>,
): Promise<MadeImage> {
  const { default: sharp } = await import('sharp');
  // The header alone, before any pixel is decoded: its size is refused by name.
  const header = await sharp(upload)
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw bad(SITE_IMAGE_MESSAGES.notImage);
  if (header.format !== format && !(format === 'avif' && header.format === 'heif')) {
    throw bad(SITE_IMAGE_MESSAGES.notImage);
  }
  if (header.width * header.height > SITE_IMAGE_LIMITS.maxPixels) {
    throw bad(SITE_IMAGE_MESSAGES.tooManyPixels);
  }
  const input = () =>
    sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    switch (kind) {
      case 'portrait':
        return made(await photoVariants(input, slot, SITE_IMAGE_SIZES.portrait), 'jpeg-1x');
      case 'client_logo':
        return made([await rasterLogoVariant(input, header, slot)], 'png');
      case 'cover': {
        // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its height.
        const upright = (header.orientation ?? 1) >= 5 ? header.height : header.width;
        return await coverVariants(input, slot, upright);
      }
    }
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    // sharp could not decode it: a truncated or forged file with an image's first bytes.
    throw bad(SITE_IMAGE_MESSAGES.notImage);
  }
}

/**
 * The files of an upload of `kind` for `slot`, or a 400 naming what is wrong with it: over
 * 10 MB or 40 megapixels, not an image by its bytes, an SVG with nothing safe left, an image
 * the library cannot decode, a logo of extreme proportions.
 */
export async function makeSiteImage(
  kind: SiteImageKind,
  slot: string,
  upload: Uint8Array,
): Promise<MadeImage> {
  if (upload.byteLength > SITE_IMAGE_LIMITS.maxBytes) throw bad(SITE_IMAGE_MESSAGES.tooLarge);
  const format = detectFormat(upload);
  if (format === null) throw bad(SITE_IMAGE_MESSAGES.notImage);
  if (format !== 'svg') return pictureVariants(kind, slot, upload, format);
  const clean = await sanitizedSvg(upload);
  if (kind === 'client_logo') return made(await svgLogoVariants(clean, slot), 'svg');
  return pictureVariants(kind, slot, await drawnSvg(clean, DRAWN_SIDE[kind]), 'png');
}
