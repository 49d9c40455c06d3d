/**
 * What the public pages will read of entries (docs/content.md, "Case studies and insights"):
 * a published entry by its kind and slug, what an address an entry no longer has answers
 * (301 to its new address, 410 once deleted), and the published list, newest first, 12 a
 * page. A draft is never answered: its address is the 404 page.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entryOldSlugs } from '#db/schema';
import {
  PUBLISHED_PAGE_SIZE,
  type Entry,
  type EntryKind,
  type EntrySummary,
} from '#shared/entries';
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

/** The kind's `limit` latest published entries, without bodies (the home page's three). */
export async function latestPublished(
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
