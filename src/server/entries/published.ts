/**
 * What the public pages will read of entries (docs/content.md, "Case studies and insights"):
 * a published entry by its kind and slug, what an address an entry no longer has answers
 * (301 to its new address, 410 once deleted), and the published list, newest first, 12 a
 * page. A draft is never answered: its address is the 404 page.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entryOldSlugs } from '#db/schema';
import { PUBLISHED_PAGE_SIZE, type EntryKind, type EntrySummary } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { entryListPath, entryPath } from '#shared/entry-paths';
import type { SitemapPage } from '#shared/seo';
import { entryJson, entrySummaryJson } from './entry-json';
import { summaryColumns } from './entry-query';

const published = (kind: EntryKind) => and(eq(entries.kind, kind), eq(entries.status, 'published'));

/** The published entry at `/<kind>/<slug>`, or null (a draft, or no such entry). */
export async function publishedEntry(db: Db, kind: EntryKind, slug: string): Promise<Entry | null> {
  const row = await db
    .select()
    .from(entries)
    .where(and(published(kind), eq(entries.slug, slug)))
    .get();
  return row ? entryJson(row) : null;
}

/** What an address no published entry has answers: moved (301), gone (410), or nothing (404). */
export type OldSlugAnswer = { status: 301; slug: string } | { status: 410 } | null;

/**
 * For an address without a published entry: the entry that left it, when that entry is
 * published now (301 to its slug, however many times it moved since: the row names the entry,
 * not the next slug); 410 when the entry that had it was deleted; else null. A published
 * entry that has the address now wins over any old record of it.
 */
export async function oldSlugAnswer(db: Db, kind: EntryKind, slug: string): Promise<OldSlugAnswer> {
  if (await publishedEntry(db, kind, slug)) return null;
  const old = await db
    .select({ entryId: entryOldSlugs.entryId })
    .from(entryOldSlugs)
    .where(and(eq(entryOldSlugs.kind, kind), eq(entryOldSlugs.slug, slug)))
    .get();
  if (!old) return null;
  if (old.entryId === null) return { status: 410 };
  const target = await db
    .select({ slug: entries.slug })
    .from(entries)
    .where(and(published(kind), eq(entries.id, old.entryId)))
    .get();
  return target ? { status: 301, slug: target.slug } : null;
}

export interface PublishedPage {
  entries: EntrySummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page of the kind's published entries, newest publication first, without bodies. */
export async function publishedPage(db: Db, kind: EntryKind, page = 1): Promise<PublishedPage> {
  const rows = await db
    .select(summaryColumns)
    .from(entries)
    .where(published(kind))
    .orderBy(desc(entries.publishedAt), desc(entries.id))
    .limit(PUBLISHED_PAGE_SIZE)
    .offset((page - 1) * PUBLISHED_PAGE_SIZE)
    .all();
  const total = await db.select({ n: count() }).from(entries).where(published(kind)).get();
  return {
    entries: rows.map(entrySummaryJson),
    total: total?.n ?? 0,
    page,
    pageSize: PUBLISHED_PAGE_SIZE,
  };
}

/** The latest published entries (of one kind, or both), newest publication first, whole. */
export async function latestPublished(
  db: Db,
  kind: EntryKind | null,
  limit: number,
): Promise<Entry[]> {
  const rows = await db
    .select()
    .from(entries)
    .where(kind ? published(kind) : eq(entries.status, 'published'))
    .orderBy(desc(entries.publishedAt), desc(entries.id))
    .limit(limit)
    .all();
  return rows.map(entryJson);
}

/** What the sitemap and llms.txt name of an entry (docs/content.md, "Feeds and indexes"). */
export interface IndexedEntry {
  kind: EntryKind;
  slug: string;
  title: string;
  summary: string;
  updatedAt: string;
}

/** Every published entry, newest publication first, without bodies. */
export async function publishedIndex(db: Db): Promise<IndexedEntry[]> {
  const rows = await db
    .select({
      kind: entries.kind,
      slug: entries.slug,
      title: entries.title,
      summary: entries.summary,
      updatedAt: entries.updatedAt,
    })
    .from(entries)
    .where(eq(entries.status, 'published'))
    .orderBy(desc(entries.publishedAt), desc(entries.id))
    .all();
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The sitemap's pages of entries: each published entry with its last change, and each list
 * that has entries with its newest entry's.
 */
export function sitemapPages(index: readonly IndexedEntry[]): SitemapPage[] {
  const lists = new Map<EntryKind, string>();
  for (const entry of index) {
    const latest = lists.get(entry.kind);
    if (!latest || entry.updatedAt > latest) lists.set(entry.kind, entry.updatedAt);
  }
  return [
    ...[...lists].map(([kind, lastmod]) => ({ path: entryListPath(kind), lastmod })),
    ...index.map((entry) => ({
      path: entryPath(entry.kind, entry.slug),
      lastmod: entry.updatedAt,
    })),
  ];
}

/** The kind's `limit` latest published entries, without bodies (the home page's three). */
export async function latestPublishedSummaries(
  db: Db,
  kind: EntryKind,
  limit: number,
): Promise<EntrySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(entries)
    .where(published(kind))
    .orderBy(desc(entries.publishedAt), desc(entries.id))
    .limit(limit)
    .all();
  return rows.map(entrySummaryJson);
}
