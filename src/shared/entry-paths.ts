/**
 * Where the entries live on the site (docs/content.md, "The entry pages"): each kind's list
 * and the page of one entry. The pages, and what links to them (feeds, sitemap, search),
 * make their addresses here.
 */
import type { EntryKind } from './entry-values';

export const ENTRY_LIST_PATHS: Record<EntryKind, string> = {
  case_study: '/case-studies',
  insight: '/insights',
};

/**
 * The id of each kind's section on the home page (server/proof/home-sections.ts), there once
 * one is published. The footer links each list whose section the page has (`listsOnHome`).
 */
export const HOME_LIST_SECTION_IDS: Record<EntryKind, string> = {
  case_study: 'case-studies',
  insight: 'insights',
};

/** The kinds whose section the home page's proof HTML holds: their lists exist. */
export function listsOnHome(proofHtml: string | undefined): EntryKind[] {
  if (!proofHtml) return [];
  return (Object.keys(HOME_LIST_SECTION_IDS) as EntryKind[]).filter((kind) =>
    proofHtml.includes(`<section id="${HOME_LIST_SECTION_IDS[kind]}"`),
  );
}

/** What the pages call each kind: the list's title, one entry's label. */
export const ENTRY_KIND_NAMES: Record<EntryKind, { plural: string; singular: string }> = {
  case_study: { plural: 'Case studies', singular: 'Case study' },
  insight: { plural: 'Insights', singular: 'Insight' },
};

export function entryPath(kind: EntryKind, slug: string): string {
  return `${ENTRY_LIST_PATHS[kind]}/${slug}`;
}

/** A list's address: page 1 has no query. */
export function entryListPath(kind: EntryKind, page = 1): string {
  return page === 1 ? ENTRY_LIST_PATHS[kind] : `${ENTRY_LIST_PATHS[kind]}?page=${page}`;
}

/** The site's feeds of both kinds (docs/content.md, "Feeds"). */
export const SITE_FEED_PATHS = { rss: '/feed.xml', atom: '/atom.xml' } as const;

/** A kind's own RSS feed, beside its list. */
export function entryFeedPath(kind: EntryKind): string {
  return `${ENTRY_LIST_PATHS[kind]}/feed.xml`;
}
