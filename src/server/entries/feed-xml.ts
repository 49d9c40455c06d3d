/**
 * The feeds' XML (docs/content.md, "Feeds"), written with the `feed` package: RSS 2.0 and
 * Atom 1.0 of the latest published entries, each with its whole body as HTML (the pages' one
 * rendering, shared/entry-body-html.ts), its permalink as `guid`/`id`, its first publication
 * as RSS `pubDate` and Atom `published`, its last change as Atom `updated`.
 *
 * Valid XML whatever an entry holds: every text goes in HTML-escaped (the package writes
 * titles, summaries and bodies as CDATA marked HTML, and escapes `]]>` only once per text;
 * escaped, no text has a `>` left), addresses in the body are made absolute for readers off
 * the site, and the characters XML 1.0 cannot carry (control characters, lone surrogates)
 * are removed from the whole document.
 */
import { Feed, type Item } from 'feed';
import { entryBodyHtml } from '#shared/entry-body-html';
import { ENTRY_KIND_NAMES, SITE_FEED_PATHS, entryFeedPath, entryPath } from '#shared/entry-paths';
import type { EntryKind } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { escapeHtml } from '#shared/escape-html';

export type FeedFormat = 'rss' | 'atom';

export interface FeedSite {
  companyName: string;
  pagesOrigin: string;
  /** Where uploaded images are served from (the body's pictures). */
  mediaOrigin: string;
}

/** Every character XML 1.0 does not allow. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const absolute = (path: string, origin: string) => new URL(path, origin).toString();

/** The body's site-relative addresses on the site's origins, as a reader elsewhere needs them. */
function absoluteAddresses(html: string, site: FeedSite): string {
  return html.replace(/ (src|href)="\/(?!\/)/g, (_m, name: string) => {
    const origin = name === 'src' ? site.mediaOrigin : site.pagesOrigin;
    return ` ${name}="${absolute('/', origin)}`;
  });
}

function item(entry: Entry, site: FeedSite): Item {
  const url = absolute(entryPath(entry.kind, entry.slug), site.pagesOrigin);
  const published = new Date(entry.publishedAt ?? entry.updatedAt);
  return {
    title: escapeHtml(entry.title),
    // No `id`: the package then writes the link as the RSS guid with isPermaLink="true" (as
    // `id` it says "false"), and as the Atom id.
    link: url,
    description: escapeHtml(entry.summary),
    content: absoluteAddresses(entryBodyHtml(entry.body), site),
    // Atom's `updated` is the last change; RSS's one date, `pubDate`, is `published`.
    date: new Date(entry.updatedAt),
    published,
    author: [{ name: site.companyName, link: absolute('/', site.pagesOrigin) }],
    category: [{ name: ENTRY_KIND_NAMES[entry.kind].singular }],
  };
}

/** The feed of `entries` (newest first): both kinds when `kind` is null. */
export function feedXml(
  site: FeedSite,
  kind: EntryKind | null,
  format: FeedFormat,
  entries: readonly Entry[],
): string {
  const home = absolute('/', site.pagesOrigin);
  const self = kind
    ? absolute(entryFeedPath(kind), site.pagesOrigin)
    : absolute(SITE_FEED_PATHS[format], site.pagesOrigin);
  const title = kind ? `${ENTRY_KIND_NAMES[kind].plural} | ${site.companyName}` : site.companyName;
  const updated = entries.reduce(
    (latest, entry) => Math.max(latest, Date.parse(entry.updatedAt)),
    0,
  );
  const feed = new Feed({
    title,
    description: kind
      ? `${ENTRY_KIND_NAMES[kind].plural} of ${site.companyName}`
      : `Case studies and insights of ${site.companyName}`,
    id: home,
    link: home,
    language: 'en',
    copyright: site.companyName,
    updated: new Date(updated),
    generator: false,
    feedLinks: format === 'rss' ? { rss: self } : { atom: self },
    author: { name: site.companyName, link: home },
  });
  for (const entry of entries) feed.addItem(item(entry, site));
  const xml = format === 'rss' ? feed.rss2() : feed.atom1();
  return xml.replace(NOT_XML, '');
}
