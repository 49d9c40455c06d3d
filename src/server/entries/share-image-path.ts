/**
 * The address of an entry's drawn share image (docs/content.md, "Share images"):
 * `/og/<kind>/<slug>-<hash>.png`, the hash made of everything the picture shows, so one
 * address is one picture forever (cached a year) and a new title or brand is a new address.
 * The page's head names it (page-html.ts); share-images.ts draws and sends it.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { shareImages } from '#db/schema';
import type { EntryKind } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import type { SiteContent } from '#shared/site-content';
import { defaultCompany, defaultHero } from '#shared/site-content-defaults';
import type { PageFrame } from '#server/platform/page-frame';
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The site's brand colour (the pages' `brand-700`, docs/content.md), and white text on it. */
export const SHARE_IMAGE_COLOURS = { background: '#4338ca', text: '#ffffff' } as const;

/** Bumped when the drawing changes, so every picture gets a new address. */
const DRAWING = 1;

type Brand = Pick<PageFrame, 'companyName' | 'logoPath'>;

/** The address of the entry's drawn picture in this frame's brand. */
export function shareImagePath(brand: Brand, entry: Pick<Entry, 'kind' | 'slug' | 'title'>) {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        DRAWING,
        entry.title,
        brand.companyName,
        brand.logoPath,
        SHARE_IMAGE_COLOURS,
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  return `/og/${entry.kind}/${entry.slug}-${hash}.png`;
}

/** What the home page's drawn picture shows: the headline, the company's name, its logo. */
export interface HomeSharePicture {
  path: string;
  title: string;
  companyName: string;
  logoPath: string | null;
}

const headline = (hero: SiteContent['hero']) => `${hero.headlineStart} ${hero.headlineHighlight}`;

/**
 * The home page's drawn share image (docs/content.md, "Images"): none when a sharing image is
 * uploaded, nor while the brand is the starting one (the built-in card shows it, and a fresh
 * site's page stays as it was); else `/og/home-<hash>.png`, the hash following what it shows.
 */
export function homeSharePicture(content: SiteContent): HomeSharePicture | null {
  if (content.media?.og) return null;
  const shown = {
    title: headline(content.hero),
    companyName: content.company.name,
    logoPath: content.media?.logo?.src ?? null,
  };
  const starting = shown.logoPath === null && shown.companyName === defaultCompany.name;
  if (starting && shown.title === headline(defaultHero)) return null;
  const hash = createHash('sha256')
    .update(JSON.stringify([DRAWING, shown, SHARE_IMAGE_COLOURS]))
    .digest('hex')
    .slice(0, 16);
  return { path: `/og/home-${hash}.png`, ...shown };
}

/** Inside the write that deletes an entry or moves its address: its pictures go. */
export async function dropShareImages(tx: Db, kind: EntryKind, slug: string): Promise<void> {
  await tx.delete(shareImages).where(and(eq(shareImages.kind, kind), eq(shareImages.slug, slug)));
}
