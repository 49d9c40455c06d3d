/**
 * The published entries' pages kept in the database (table `entry_pages`; docs/content.md,
 * "The entry pages"): written whole when an entry is published or saved while published,
 * deleted in the very transaction that unpublishes, deletes, saves or moves it, so no
 * instance sends a page its entry no longer has. Every instance reads the same row, so all
 * send the same bytes.
 */
import { and, asc, eq } from 'drizzle-orm';
import { changeCounter, writeTransaction, type Db } from '#db';
import { entries, entryPages, testimonials, type EntryRow } from '#db/schema';
import { entryPath } from '#shared/entry-paths';
import type { EntryKind } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { bytesEtag } from '#server/http/etag';
import type { AppDeps } from '#server/http/trpc';
import { loggableError } from '#server/platform/logger';
import type { PageFrame } from '#server/platform/page-frame';
import { shownTestimonial } from './shown-testimonial';
import { readImageSources } from '#server/media/site-image';
import { coverSlot } from './covers/cover-slot';
import { entryJson } from './entry-json';
import { entryMainHtml, type EntryTestimonial } from './page-html';
import { entryHeadTags } from './page-head';

/**
 * What a kept page was written for: the frame, and the testimonials as they were (the
 * `published_proof` counter, migration 0030, moves with every testimonial's write). A page
 * kept under another key is written again at its next request, so a testimonial published,
 * edited or unpublished shows on its entry's page at once, on every instance.
 */
export async function entryPageKey(db: Db, frame: PageFrame): Promise<string> {
  return `${frame.key} proof ${await changeCounter(db, 'published_proof')}`;
}

/** The testimonials given for this entry that the pages may show, in the order added. */
async function entryTestimonials(db: Db, entryId: number): Promise<EntryTestimonial[]> {
  return db
    .select({
      quote: testimonials.quote,
      name: testimonials.name,
      role: testimonials.role,
      company: testimonials.company,
    })
    .from(testimonials)
    .where(and(eq(testimonials.entryId, entryId), shownTestimonial))
    .orderBy(asc(testimonials.id))
    .all();
}

/**
 * An entry's whole page in the site's frame, its cover with its resized files (a phone loads
 * the 720 px one); `preview` adds `noindex`.
 */
export async function entryPageHtml(
  db: Db,
  frame: PageFrame,
  entry: Entry,
  preview = false,
): Promise<string> {
  const slot = coverSlot(entry.id);
  const coverSources = entry.coverImage
    ? (await readImageSources(db, [slot])).get(slot)
    : undefined;
  const said = await entryTestimonials(db, entry.id);
  return frame.page({
    path: entryPath(entry.kind, entry.slug),
    head: entryHeadTags(frame, entry, preview),
    main: entryMainHtml(frame, entry, coverSources, said),
  });
}

/** Inside the write that changes what the page at `/<kind>/<slug>` shows: it goes. */
export async function dropEntryPage(tx: Db, kind: EntryKind, slug: string): Promise<void> {
  await tx.delete(entryPages).where(eq(entryPages.path, entryPath(kind, slug)));
}

export interface StoredPage {
  html: string;
  etag: string;
}

/**
 * Writes the published entry's page for `frame`, unless the entry changed since it was read
 * (a save, an unpublish on another instance): that write's own page is then the right one.
 * Answers the page either way, for the request that asked.
 */
export async function storeEntryPage(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  frame: PageFrame,
  entry: Entry,
): Promise<StoredPage> {
  // Read before the page's rows: a testimonial written meanwhile moves the key again.
  const key = await entryPageKey(deps.db, frame);
  const html = await entryPageHtml(deps.db, frame, entry);
  const etag = bytesEtag(Buffer.from(html, 'utf8'));
  const path = entryPath(entry.kind, entry.slug);
  await writeTransaction(deps.db, async (tx) => {
    const now = await tx
      .select({ slug: entries.slug, updatedAt: entries.updatedAt })
      .from(entries)
      .where(and(eq(entries.id, entry.id), eq(entries.status, 'published')))
      .get();
    if (now?.slug !== entry.slug || now.updatedAt.toISOString() !== entry.updatedAt) return;
    const row = { frame: key, html, etag, renderedAt: deps.clock.now() };
    await tx
      .insert(entryPages)
      .values({ path, ...row })
      .onConflictDoUpdate({ target: entryPages.path, set: row });
  });
  return { html, etag };
}

/**
 * The page kept at `path` for `frameKey` (`entryPageKey`), without its HTML; null when none or
 * another key's.
 */
export async function storedPageTag(db: Db, path: string, frameKey: string) {
  const row = await db
    .select({ etag: entryPages.etag, frame: entryPages.frame })
    .from(entryPages)
    .where(eq(entryPages.path, path))
    .get();
  return row?.frame === frameKey ? row.etag : null;
}

/** The kept page's HTML when it still has that ETag. */
export async function storedPageHtml(db: Db, path: string, etag: string) {
  const row = await db
    .select({ html: entryPages.html })
    .from(entryPages)
    .where(and(eq(entryPages.path, path), eq(entryPages.etag, etag)))
    .get();
  return row?.html ?? null;
}

/**
 * After a publish or a save of a published entry has committed: its page, written before
 * anyone asks. A failure is logged, not the owner's: the page is then written at its first
 * request (entry-pages.ts).
 */
export async function writePublishedPage(deps: AppDeps, row: EntryRow): Promise<void> {
  if (!deps.pageFrames || row.status !== 'published') return;
  try {
    await storeEntryPage(deps, await deps.pageFrames.current(), entryJson(row));
  } catch (error) {
    deps.logger.error('entries.page_write_failed', {
      entryId: row.id,
      error: loggableError(error),
    });
  }
}
