/**
 * The search over the published entries (docs/content.md, "Search"): the visitor's words as
 * an FTS5 query, the best 20 by bm25, each with a snippet of the text around the words found.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, entriesSearch } from '#db/schema';
import { escapeHtml } from '#shared/escape-html';
import { entryPath } from '#shared/entry-paths';
import { entryKindValues, type EntryKind } from '#shared/entries';
import { SEARCH_LIMITS } from '#shared/site-search';
import type { SearchResult } from '#shared/shapes/search';
import { markdownAsText } from './plain-text';

/**
 * bm25's weight of each indexed column, in the index's order (title, summary, body): a word
 * in the title counts 10 times one in the body, in the summary (the entry's pitch) 4 times,
 * so an entry about the words outranks one that mentions them in passing.
 */
const RANK = 'bm25(10.0, 4.0, 1.0)';

/** Tokens of the snippet, about 30 words around the match. */
const SNIPPET_TOKENS = 32;

/**
 * The visitor's words as an FTS5 query that is words only: each word (split on spaces) keeps
 * its letters, digits and marks, anything else becomes a space inside it, and it is quoted.
 * So `"`, `*`, `-`, `(`, `NEAR`, `AND`, `col:` are never FTS5 syntax, a word like `e-mail`
 * is the phrase "e mail", and every word must be found (FTS5's implicit AND). Null when
 * nothing searchable is left (`--`, `""`).
 */
export function ftsQuery(q: string): string | null {
  const words = quotedWords(q);
  return words.length === 0 ? null : words.join(' ');
}

/** The visitor's words, each cleaned as `ftsQuery` says and quoted: never FTS5 syntax. */
export function quotedWords(q: string): string[] {
  return q
    .split(/\s+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim())
    .filter((word) => word !== '')
    .map((word) => `"${word}"`);
}

/**
 * Markers FTS5 puts around each match: private-use characters around a random tag made for
 * this search, which no stored text can hold by chance or by design (the tag is unknown
 * until the query runs). The text is escaped first, then the markers become `<mark>`, so a
 * `<script>` or `&` in an entry comes back as text and only our marks are HTML.
 */
export function snippetMarkers() {
  const tag = randomBytes(8).toString('hex');
  return { open: `\uE000${tag}\uE001`, close: `\uE001${tag}\uE000` };
}

export function markedSnippet(raw: string, markers: { open: string; close: string }): string {
  const [before = '', ...marked] = raw.split(markers.open);
  return (
    escapeHtml(before) +
    marked
      .map((part) => {
        const end = part.indexOf(markers.close);
        if (end === -1) return escapeHtml(part);
        const found = escapeHtml(part.slice(0, end));
        return `<mark>${found}</mark>${escapeHtml(part.slice(end + markers.close.length))}`;
      })
      .join('')
  );
}

/**
 * At most 20 published entries holding every word, best first. The index drives the query
 * (CROSS JOIN keeps it the outer loop) and orders by its own `rank`, so FTS5 sorts the
 * matches itself and the snippets are made for the 20 rows answered, not for every match.
 */
export async function searchEntries(db: Db, q: string): Promise<SearchResult[]> {
  const match = ftsQuery(q);
  if (match === null) return [];
  const markers = snippetMarkers();
  const rows = await db
    .select({
      kind: entries.kind,
      slug: entries.slug,
      title: entries.title,
      snippet: sql<string>`snippet(entries_search, -1, ${markers.open}, ${markers.close}, '…', ${SNIPPET_TOKENS})`,
    })
    .from(entriesSearch)
    .crossJoin(entries)
    .where(
      and(
        sql`${entriesSearch.anyColumn} match ${match}`,
        sql`${entriesSearch.rank} match ${RANK}`,
        eq(entries.id, entriesSearch.rowid),
        // The index holds published entries only; said again so no draft can ever be shown.
        eq(entries.status, 'published'),
      ),
    )
    .orderBy(entriesSearch.rank)
    .limit(SEARCH_LIMITS.results)
    .all();
  return rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    url: entryPath(row.kind, row.slug),
    // The stored Markdown as the words a reader sees, then escaped around the marks.
    snippet: markedSnippet(markdownAsText(row.snippet), markers),
  }));
}

/** The kinds with a published entry: their lists exist (a list with none is no page). */
export async function publishedKinds(db: Db): Promise<EntryKind[]> {
  const rows = await db
    .selectDistinct({ kind: entries.kind })
    .from(entries)
    .where(eq(entries.status, 'published'))
    .all();
  return entryKindValues.filter((kind) => rows.some((row) => row.kind === kind));
}
