/**
 * What the public pages show of the uploaded images (server/media/ writes them): read with
 * the site content, whose change counter their table's triggers move too (migration 0017).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { mediaFiles } from '#db/schema';
import { MEDIA_SLOTS, MEDIA_URL_PREFIX, type MediaSlot } from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';

interface Row {
  name: string;
  slot: string;
  variant: string;
  width: number;
  height: number;
}

/** The pages' view of the rows: each slot with all its variants, or absent. */
export function siteMediaOf(rows: readonly Row[]): SiteMedia {
  const of = (slot: MediaSlot) =>
    new Map(rows.filter((r) => r.slot === slot).map((r) => [r.variant, r]));
  const url = (row: Row) => `${MEDIA_URL_PREFIX}${row.name}`;
  const image = (row: Row) => ({ src: url(row), width: row.width, height: row.height });
  const media: SiteMedia = {};

  const logo = of('logo');
  const [logoSvg, logoPng] = [logo.get('svg'), logo.get('png')];
  if (logoSvg) media.logo = { ...image(logoSvg), ...(logoPng && { png: url(logoPng) }) };
  else if (logoPng) media.logo = image(logoPng);

  const photo = of('photo');
  const pair = (format: string) => {
    const one = photo.get(`${format}-1x`);
    const two = photo.get(`${format}-2x`);
    return one && two ? `${url(one)} 1x, ${url(two)} 2x` : null;
  };
  const photoJpeg = photo.get('jpeg-1x');
  const [avif, webp, jpeg] = [pair('avif'), pair('webp'), pair('jpeg')];
  if (photoJpeg && avif && webp && jpeg) media.photo = { ...image(photoJpeg), avif, webp, jpeg };

  const og = of('og').get('jpeg');
  if (og) media.og = image(og);

  const favicon = of('favicon');
  const [png32, png180, png192, png512] = ['png-32', 'png-180', 'png-192', 'png-512'].map((v) =>
    favicon.get(v),
  );
  if (png32 && png180 && png192) {
    media.favicon = { png32: url(png32), png180: url(png180), png192: url(png192) };
    if (png512) media.favicon.png512 = url(png512);
  }
  return media;
}

/** What the pages show of the uploads now. */
export async function readSiteMedia(db: Db): Promise<SiteMedia> {
  const rows = await db
    .select({
      name: mediaFiles.name,
      slot: mediaFiles.slot,
      variant: mediaFiles.variant,
      width: mediaFiles.width,
      height: mediaFiles.height,
    })
    .from(mediaFiles)
    // The site's own images only: covers, photos and logos of the proof are read with theirs.
    .where(inArray(mediaFiles.slot, [...MEDIA_SLOTS]))
    .all();
  return siteMediaOf(rows);
}
