/**
 * An entry's row as the API answers it (docs/api.md, "Entries"): JSON columns read, times as
 * ISO 8601. The admin list and the public lists leave the body out.
 */
import type { EntryRow } from '#db/schema';
import type { EntrySummary } from '#shared/entries';
import type { SiteImage } from '#shared/shapes/site-image';
import type { Entry, EntryResult } from '#shared/shapes/entries';

/** Every column but the body: what a list reads. */
export type EntrySummaryRow = Omit<EntryRow, 'body'>;

export function entrySummaryJson(row: EntrySummaryRow): EntrySummary {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    client: row.client,
    industry: row.industry,
    results: JSON.parse(row.results) as EntryResult[],
    coverImage: row.coverImage === null ? null : (JSON.parse(row.coverImage) as SiteImage),
    tags: JSON.parse(row.tags) as string[],
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function entryJson(row: EntryRow): Entry {
  const { body, ...rest } = row;
  return { ...entrySummaryJson(rest), body };
}
