/**
 * The entries' pages' head tags (docs/content.md, "The entry pages"): title, description,
 * canonical, Open Graph, Twitter, JSON-LD `Article` and `BreadcrumbList`, for one entry, a
 * list and a deleted entry's address. JSON-LD cannot close its script (`<` written `\u003c`).
 */
import {
  ENTRY_KIND_NAMES,
  ENTRY_LIST_PATHS,
  SITE_FEED_PATHS,
  entryFeedPath,
  entryListPath,
  entryPath,
} from '#shared/entry-paths';
import type { EntryKind } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { escapeHtml } from '#shared/escape-html';
import { scriptJson } from '#shared/page-data';
import { SHARE_IMAGE_SIZE, shareImagePath } from './share-image-path';
import { publishedAtOf, type FrameFacts } from './page-html';

const absolute = (path: string, origin: string) => new URL(path, origin).toString();

function meta(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

const jsonLd = (data: Record<string, unknown>) =>
  `<script type="application/ld+json">${scriptJson(data)}</script>`;

/** Home, then the kind's list, then (on an entry's page) the entry. */
function breadcrumbs(frame: FrameFacts, kind: EntryKind, entry?: Pick<Entry, 'title' | 'slug'>) {
  const trail = [
    { name: 'Home', path: '/' },
    { name: ENTRY_KIND_NAMES[kind].plural, path: ENTRY_LIST_PATHS[kind] },
    ...(entry ? [{ name: entry.title, path: entryPath(kind, entry.slug) }] : []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(step.path, frame.pagesOrigin),
    })),
  };
}

function organization(frame: FrameFacts) {
  return {
    '@type': 'Organization',
    name: frame.companyName,
    url: absolute('/', frame.pagesOrigin),
    logo: {
      '@type': 'ImageObject',
      url: frame.logoPath
        ? absolute(frame.logoPath, frame.mediaOrigin)
        : absolute('/favicon.svg', frame.pagesOrigin),
    },
  };
}

/**
 * An entry's head: `noindex` for the admin's preview. The cover is the share image; without
 * one, the picture the server draws from the title and the brand (share-image-path.ts).
 */
export function entryHeadTags(frame: FrameFacts, entry: Entry, preview = false): string {
  const url = absolute(entryPath(entry.kind, entry.slug), frame.pagesOrigin);
  const title = `${entry.title} | ${frame.companyName}`;
  const cover = entry.coverImage;
  const drawn = {
    width: SHARE_IMAGE_SIZE.width,
    height: SHARE_IMAGE_SIZE.height,
    alt: entry.title,
  };
  const size = cover ?? drawn;
  const image = absolute(cover ? cover.url : shareImagePath(frame, entry), frame.mediaOrigin);
  const published = publishedAtOf(entry);
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: entry.title,
    description: entry.summary,
    datePublished: published,
    dateModified: entry.updatedAt,
    author: organization(frame),
    publisher: organization(frame),
    mainEntityOfPage: url,
    url,
    image: [image],
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', entry.summary),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(preview ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', frame.companyName),
    meta('property', 'og:title', entry.title),
    meta('property', 'og:description', entry.summary),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(size.width)),
    meta('property', 'og:image:height', String(size.height)),
    meta('property', 'og:image:alt', size.alt),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'article:published_time', published),
    meta('property', 'article:modified_time', entry.updatedAt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', entry.title),
    meta('name', 'twitter:description', entry.summary),
    meta('name', 'twitter:image', image),
    jsonLd(article),
    jsonLd(breadcrumbs(frame, entry.kind, entry)),
  ].join('\n    ');
}

/** The list's own feed, then the site's in RSS and Atom (docs/content.md, "Feeds"). */
function feedLinks(frame: FrameFacts, kind: EntryKind): string[] {
  const link = (type: string, title: string, path: string) =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(title)}" href="${escapeHtml(absolute(path, frame.pagesOrigin))}" />`;
  const plural = ENTRY_KIND_NAMES[kind].plural;
  return [
    link('application/rss+xml', `${plural} | ${frame.companyName}`, entryFeedPath(kind)),
    link('application/rss+xml', frame.companyName, SITE_FEED_PATHS.rss),
    link('application/atom+xml', frame.companyName, SITE_FEED_PATHS.atom),
  ];
}

/** A list page's head: its title, what it holds, its canonical page. */
export function listHeadTags(frame: FrameFacts, kind: EntryKind, page: number): string {
  const name = ENTRY_KIND_NAMES[kind].plural;
  const title = `${name}${page > 1 ? ` (page ${page})` : ''} | ${frame.companyName}`;
  const description =
    kind === 'case_study'
      ? `Case studies of ${frame.companyName}: the problem, the work and the results.`
      : `Insights from ${frame.companyName}: articles on putting AI to work.`;
  const url = absolute(entryListPath(kind, page), frame.pagesOrigin);
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', frame.companyName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...feedLinks(frame, kind),
    jsonLd(breadcrumbs(frame, kind)),
  ].join('\n    ');
}

/** What a deleted entry's address shows, with status 410. */
export function goneHeadTags(frame: FrameFacts, kind: EntryKind): string {
  return [
    `<title>${escapeHtml(`This ${ENTRY_KIND_NAMES[kind].singular.toLowerCase()} was removed | ${frame.companyName}`)}</title>`,
    meta('name', 'robots', 'noindex'),
  ].join('\n    ');
}
