/**
 * The admin's reads of entries (docs/api.md, "Entries"): a page of the list, last updated
 * first, without bodies; one entry with its versions, newest first.
 */
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entryVersions } from '#db/schema';
import { ENTRIES_PAGE_SIZE, type EntryKind, type EntryStatus } from '#shared/entries';
import type { EntryVersion } from '#shared/shapes/entries';
import { entryJson, entrySummaryJson } from './entry-json';
import { entryNotFound } from './entry-store';

/** Every column but the body: what a list reads. */
export const summaryColumns = {
  id: entries.id,
  kind: entries.kind,
  slug: entries.slug,
  title: entries.title,
  summary: entries.summary,
  client: entries.client,
  industry: entries.industry,
  results: entries.results,
  tags: entries.tags,
  coverImage: entries.coverImage,
  status: entries.status,
  publishedAt: entries.publishedAt,
  createdAt: entries.createdAt,
  updatedAt: entries.updatedAt,
  version: entries.version,
};

export interface EntryFilter {
  kind?: EntryKind | undefined;
  status?: EntryStatus | undefined;
  q?: string | undefined;
  page: number;
}

/**
 * Part of the title or the summary, in any letter case: instr() rather than LIKE, so a `%`
 * or `_` typed is matched as itself (lower() folds ASCII letters only, as SQLite does).
 */
function searching(q: string | undefined) {
  if (q === undefined) return undefined;
  return or(
    sql`instr(lower(${entries.title}), lower(${q})) > 0`,
    sql`instr(lower(${entries.summary}), lower(${q})) > 0`,
  );
}

export async function entriesPage(db: Db, filter: EntryFilter) {
  const where = and(
    filter.kind === undefined ? undefined : eq(entries.kind, filter.kind),
    filter.status === undefined ? undefined : eq(entries.status, filter.status),
    searching(filter.q),
  );
  const rows = await db
    .select(summaryColumns)
    .from(entries)
    .where(where)
    // The id breaks ties: two entries saved in one moment keep their order from page to page.
    .orderBy(desc(entries.updatedAt), desc(entries.id))
    .limit(ENTRIES_PAGE_SIZE)
    .offset((filter.page - 1) * ENTRIES_PAGE_SIZE)
    .all();
  const total = await db.select({ n: count() }).from(entries).where(where).get();
  return {
    entries: rows.map(entrySummaryJson),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: ENTRIES_PAGE_SIZE,
  };
}

export async function entryWithVersions(db: Db, id: number) {
  const row = await db.select().from(entries).where(eq(entries.id, id)).get();
  if (!row) throw entryNotFound();
  const versions = await db
    .select({ version: entryVersions.version, at: entryVersions.at, by: entryVersions.by })
    .from(entryVersions)
    .where(eq(entryVersions.entryId, id))
    .orderBy(desc(entryVersions.version))
    .all();
  return {
    entry: entryJson(row),
    versions: versions.map((v): EntryVersion => ({ ...v, at: v.at.toISOString() })),
  };
}
