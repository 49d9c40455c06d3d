/**
 * The image of one thing of the site's proof (docs/api.md, "Uploaded images"): an entry's
 * cover, a testimonial's photo, a client's logo. Made by site-image-variants.ts and kept by
 * the media store as the site's own logo and photo are: the files of slot `cover-4`,
 * `portrait-2` or `client-logo-3`, replaced or removed in the caller's write, served at their
 * hashed names under /uploads/ (serve.ts). The thing keeps the SiteImage of the main file.
 */
import { inArray } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '#db';
import { mediaFiles } from '#db/schema';
import { altField, SITE_IMAGE_LIMITS, type SiteImageKind } from '#shared/site-image';
import type { SiteImage } from '#shared/shapes/site-image';
import { MEDIA_URL_PREFIX } from '#shared/site-media';
import { idField } from '#shared/validation';
import type { RestRoute } from '#server/http/rest-meta';
import type { MadeImage } from './site-image-variants';
import { clearSlot, replaceSlot } from './store';
import { uploadedFile } from './uploaded-file';

export type { MadeImage } from './site-image-variants';
export { makeSiteImageOffThread } from './image-thread';

/** The form's size, over which an upload is refused before it is read (413). */
export const SITE_IMAGE_BODY_BYTES = SITE_IMAGE_LIMITS.maxBytes + 64 * 1024;

/** POST …/:id/cover, /photo, /image: the thing's id, the file, its alt text. */
export const siteImageUploadInput = z.object({ id: idField, file: uploadedFile, alt: altField });

/** The REST declaration of an upload path: a multipart body up to SITE_IMAGE_BODY_BYTES. */
export const siteImageUploadRoute = (path: RestRoute['path']): RestRoute => ({
  method: 'POST',
  path,
  body: 'multipart',
  maxBodyBytes: SITE_IMAGE_BODY_BYTES,
  answer: 'spread',
});

const SLOT_PREFIX: Record<SiteImageKind, string> = {
  cover: 'cover-',
  portrait: 'portrait-',
  client_logo: 'client-logo-',
};

/** The media store's slot of one thing's image: `cover-4`. */
export const imageSlot = (kind: SiteImageKind, id: number) => `${SLOT_PREFIX[kind]}${id}`;

/** A cover is its page's sharing image, which other sites load too (serve.ts). */
export const isCoverSlot = (slot: string) => slot.startsWith(SLOT_PREFIX.cover);

/** Inside a write: the slot's files are this image's from now on; what the thing keeps. */
export async function keepSiteImage(
  tx: Db,
  slot: string,
  image: MadeImage,
  alt: string,
  now: Date,
): Promise<SiteImage> {
  await replaceSlot(tx, slot, image.variants, now);
  const { name, width, height } = image.main;
  return { url: `${MEDIA_URL_PREFIX}${name}`, width, height, alt };
}

/** Inside a write: the slot's files are deleted (their addresses answer 404 from now on). */
export async function dropSiteImage(tx: Db, slot: string): Promise<void> {
  await clearSlot(tx, slot);
}

/** The resized files of an image, for a page's <picture>: `srcset`s by width, per format. */
export interface ImageSources {
  avif?: string;
  webp?: string;
  jpeg?: string;
  /** A cover's 1200x630 sharing card (`og:image`). */
  card?: string;
}

const FORMAT_OF: Record<string, keyof ImageSources> = {
  'image/avif': 'avif',
  'image/webp': 'webp',
  'image/jpeg': 'jpeg',
};

/** Each slot's sources (a slot without files is absent), in one read. */
export async function readImageSources(
  db: Db,
  slots: readonly string[],
): Promise<Map<string, ImageSources>> {
  const found = new Map<string, ImageSources>();
  if (slots.length === 0) return found;
  const rows = await db
    .select({
      name: mediaFiles.name,
      slot: mediaFiles.slot,
      variant: mediaFiles.variant,
      type: mediaFiles.type,
      width: mediaFiles.width,
    })
    .from(mediaFiles)
    .where(inArray(mediaFiles.slot, [...slots]))
    .orderBy(mediaFiles.slot, mediaFiles.width, mediaFiles.name)
    .all();
  for (const row of rows) {
    const sources = found.get(row.slot) ?? {};
    found.set(row.slot, sources);
    const url = `${MEDIA_URL_PREFIX}${row.name}`;
    if (row.variant === 'card') {
      sources.card = url;
      continue;
    }
    const format = FORMAT_OF[row.type];
    if (!format) continue;
    const entry = `${url} ${row.width}w`;
    sources[format] = sources[format] ? `${sources[format]}, ${entry}` : entry;
  }
  return found;
}
