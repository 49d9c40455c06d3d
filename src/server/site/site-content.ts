/**
 * The site content the public pages show: the newest stored version, or the defaults from
 * the code before the first save (version 0). Kept in memory per database and read again only
 * when the `site_content` change counter moved (migration 0008's trigger bumps it on every
 * saved version, whichever instance or tool wrote it), through the one counter-keyed cache
 * (counter-cache.ts) the public facts use too.
 */
import { desc } from 'drizzle-orm';
import type { Db } from '#db';
import { siteContentVersions } from '#db/schema';
import { siteContentSchema, type SiteContent } from '#shared/site-content';
import { defaultSiteContent } from '#shared/site-content-defaults';
import type { SiteMedia } from '#shared/shapes/media';
import type { SavedSiteSettings } from '#shared/shapes/site-settings';
import { counterKeyedCache } from '#server/platform/counter-cache';
import { readSiteMedia } from './site-media';
import { readSavedSiteSettings } from './site-settings-row';

export interface CurrentContent {
  version: number;
  content: SiteContent;
  updatedAt: Date | null;
  updatedBy: string | null;
  /** The address and time zone saved in the admin (site/site-settings.ts uses them). */
  settings: SavedSiteSettings;
}

/** A stored version's JSON as content: sections missing from an older shape are the defaults'. */
export function parseStoredContent(json: string): SiteContent {
  try {
    const stored = JSON.parse(json) as Partial<SiteContent>;
    const merged = { ...defaultSiteContent, ...stored };
    const result = siteContentSchema.safeParse(merged);
    return result.success ? result.data : defaultSiteContent;
  } catch {
    return defaultSiteContent;
  }
}

const DEFAULTS: Omit<CurrentContent, 'settings'> = Object.freeze({
  version: 0,
  content: defaultSiteContent,
  updatedAt: null,
  updatedBy: null,
});

/** The content with the uploaded images, when there are any (shared/site-media.ts). */
function withMedia(current: CurrentContent, media: SiteMedia): CurrentContent {
  if (Object.keys(media).length === 0) return current;
  return { ...current, content: { ...current.content, media } };
}

/**
 * The newest version, read from the database (inside a transaction, pass its handle), with
 * the uploaded images and the saved address and time zone as they are now.
 */
export async function latestContent(db: Db): Promise<CurrentContent> {
  // One after the other: a transaction's handle takes one statement at a time.
  const row = await db
    .select()
    .from(siteContentVersions)
    .orderBy(desc(siteContentVersions.version))
    .limit(1)
    .get();
  const media = await readSiteMedia(db);
  const settings = await readSavedSiteSettings(db);
  if (!row) return withMedia({ ...DEFAULTS, settings }, media);
  return withMedia(
    {
      version: row.version,
      content: parseStoredContent(row.content),
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
      settings,
    },
    media,
  );
}

const cache = counterKeyedCache('site_content', latestContent);

/**
 * The current content, from memory unless a version was saved since it was read
 * (counter-cache.ts).
 */
export function currentContent(db: Db): Promise<CurrentContent> {
  return cache.get(db);
}

/** When the public pages last asked for the counter (ms on the app's clock), per database. */
const publishedCheckAt = new WeakMap<Db, number>();

/**
 * How long the public pages use the content they have without asking whether a version was
 * saved. A save must show on every instance within 2 seconds (docs/content.md); asking twice a
 * second instead of once per page view spares `GET /` a database round trip, which on a libSQL
 * server was most of its time.
 */
export const PUBLISHED_CHECK_MS = 500;

/** The content the public pages show: `currentContent`, asked again at most every 500 ms. */
export function publishedContent(db: Db, nowMs: number): Promise<CurrentContent> {
  const last = cache.last(db);
  const checkedAt = publishedCheckAt.get(db);
  if (
    last &&
    checkedAt !== undefined &&
    nowMs >= checkedAt &&
    nowMs - checkedAt < PUBLISHED_CHECK_MS
  ) {
    return last;
  }
  // Callers within the interval get the content last read: this read's, once it has the counter.
  publishedCheckAt.set(db, nowMs);
  return currentContent(db);
}

/** A save through this process shows on its own pages at once, not after the interval. */
export function contentSaved(db: Db): void {
  publishedCheckAt.delete(db);
}
