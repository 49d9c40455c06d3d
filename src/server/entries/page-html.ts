/**
 * The entries' pages as HTML (docs/content.md, "The entry pages"): the main text of one
 * entry, of a list, and of a deleted entry's address (their head tags: page-head.ts). Every
 * text of an entry is escaped here. The site's frame around them is platform/page-frame.ts.
 */
import { entryBodyHtml } from '#shared/entry-body-html';
import {
  ENTRY_KIND_NAMES,
  ENTRY_LIST_PATHS,
  entryFeedPath,
  entryListPath,
  entryPath,
} from '#shared/entry-paths';
import type { EntryKind, EntrySummary } from '#shared/entries';
import type { Entry, EntryResult } from '#shared/shapes/entries';
import { escapeHtml } from '#shared/escape-html';
import { buttonClass } from '#shared/ui-styles';
import type { ImageSources } from '#server/media/site-image';
import type { PageFrame } from '#server/platform/page-frame';
import type { SiteImage } from '#shared/shapes/site-image';
import { searchFormHtml } from '#server/search/search-page-html';

export type FrameFacts = Omit<PageFrame, 'page' | 'key'>;

function breadcrumbNav(kind: EntryKind, current: string): string {
  return [
    '<nav aria-label="Breadcrumb" class="mb-6 text-sm">',
    `<p><a href="/">Home</a> › `,
    current === ENTRY_KIND_NAMES[kind].plural
      ? `<span aria-current="page">${escapeHtml(current)}</span>`
      : `<a href="${ENTRY_LIST_PATHS[kind]}">${ENTRY_KIND_NAMES[kind].plural}</a>`,
    '</p></nav>',
  ].join('');
}

/**
 * An entry's date as its readers see it: a day of the site's zone, day first ("3 May 2026"),
 * which no reader on either side of the Atlantic misreads.
 */
function day(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

const time = (iso: string, timeZone: string) =>
  `<time datetime="${escapeHtml(iso)}">${day(iso, timeZone)}</time>`;

/** The date an entry shows: its first publication, or now for a draft's preview. */
export const publishedAtOf = (entry: Pick<Entry, 'publishedAt' | 'updatedAt'>) =>
  entry.publishedAt ?? entry.updatedAt;

/** The results, large: what a case study is read for. */
export function resultsHtml(results: EntryResult[], size: 'page' | 'card'): string {
  if (results.length === 0) return '';
  const value =
    size === 'page'
      ? 'text-3xl font-extrabold break-words text-brand-700 dark:text-brand-300'
      : 'text-xl font-bold break-words text-brand-700 dark:text-brand-300';
  const items = results.map(
    (result) =>
      `<div class="flex min-w-0 flex-col-reverse rounded-xl border border-line bg-subtle p-4"><dt class="text-sm text-muted">${escapeHtml(result.label)}</dt><dd class="${value}">${escapeHtml(result.value)}</dd></div>`,
  );
  // As many tiles a row as the box has room for at a readable width (a third of a home card
  // held three, a word a line): the same rule in a card, a list and a page.
  const columns =
    size === 'page'
      ? 'grid-cols-[repeat(auto-fill,minmax(10rem,1fr))]'
      : 'grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))]';
  return `<dl class="my-6 grid ${columns} gap-3">${items.join('')}</dl>`;
}

/** Client and industry, when given. */
export function clientLine(entry: Pick<Entry, 'client' | 'industry'>): string {
  const parts = [
    ...(entry.client ? [`Client: <strong>${escapeHtml(entry.client)}</strong>`] : []),
    ...(entry.industry ? [`Industry: <strong>${escapeHtml(entry.industry)}</strong>`] : []),
  ];
  return parts.length ? `<p class="entry-client">${parts.join(' · ')}</p>` : '';
}

function datesLine(entry: Entry, timeZone: string): string {
  const published = publishedAtOf(entry);
  const updated =
    day(entry.updatedAt, timeZone) === day(published, timeZone)
      ? ''
      : `; updated ${time(entry.updatedAt, timeZone)}`;
  return `<p class="text-sm">Published ${time(published, timeZone)}${updated}</p>`;
}

/**
 * The way on from an entry, where a reader who recognised their own problem ends up: the home
 * page's contact form (with the booking offered once the message is sent). Counted as the
 * home page's call to action is (`data-event`, docs/analytics.md).
 */
function nextStepHtml(kind: EntryKind): string {
  const question =
    kind === 'case_study' ? 'Facing a problem like this one?' : 'Want to talk this through?';
  return [
    '<aside aria-labelledby="next-step" class="mt-12 rounded-xl border border-line px-6 pb-6">',
    `<h2 id="next-step">${question}</h2>`,
    '<p>Tell us about your project: the first call is free.</p>',
    `<a href="/#contact" data-event="cta_click" class="${buttonClass('primary', 'lg', 'mt-2')}">Get in touch</a>`,
    '</aside>',
  ].join('\n');
}

/**
 * The cover across the text column: its resized files by width in AVIF, WebP and JPEG, so a
 * phone loads the 720 px one and a wide screen the 1440 px one; the largest contentful paint of
 * the page, so fetched first.
 */
function coverHtml(cover: SiteImage, sources: ImageSources | undefined): string {
  const sizes = '(min-width: 48rem) 688px, calc(100vw - 4rem)';
  const source = (type: string, set: string | undefined) =>
    set ? `<source type="${type}" srcset="${escapeHtml(set)}" sizes="${sizes}" />` : '';
  const img = `<img src="${escapeHtml(cover.url)}"${sources?.jpeg ? ` srcset="${escapeHtml(sources.jpeg)}" sizes="${sizes}"` : ''} width="${cover.width}" height="${cover.height}" alt="${escapeHtml(cover.alt)}" fetchpriority="high" class="my-6 h-auto w-full rounded-xl" />`;
  return `<picture>${source('image/avif', sources?.avif)}${source('image/webp', sources?.webp)}${img}</picture>`;
}

/** A published testimonial given for this entry, as its page shows it. */
export interface EntryTestimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
}

/** The entry's own testimonials, after its text: what the client said about this work. */
function testimonialsHtml(list: EntryTestimonial[]): string {
  if (list.length === 0) return '';
  const figure = (t: EntryTestimonial) => {
    const who = [t.role, t.company]
      .filter((part) => part !== '')
      .map(escapeHtml)
      .join(', ');
    return [
      '<figure class="my-6 rounded-xl border border-line bg-subtle p-6">',
      `<blockquote class="text-lg text-ink"><p>${escapeHtml(t.quote)}</p></blockquote>`,
      `<figcaption class="mt-4"><strong class="block text-ink">${escapeHtml(t.name)}</strong>`,
      who ? `<span class="block text-sm text-muted">${who}</span>` : '',
      '</figcaption></figure>',
    ].join('');
  };
  return [
    '<section aria-labelledby="entry-testimonials">',
    '<h2 id="entry-testimonials">What the client says</h2>',
    ...list.map(figure),
    '</section>',
  ].join('\n');
}

/**
 * One entry's main text: title, summary, client, results, cover, body, its testimonials,
 * dates, the way on.
 */
export function entryMainHtml(
  frame: FrameFacts,
  entry: Entry,
  coverSources?: ImageSources,
  testimonials: EntryTestimonial[] = [],
): string {
  const cover = entry.coverImage ? coverHtml(entry.coverImage, coverSources) : '';
  return [
    breadcrumbNav(entry.kind, entry.title),
    `<p class="text-sm font-semibold uppercase tracking-wide">${ENTRY_KIND_NAMES[entry.kind].singular}</p>`,
    `<h1>${escapeHtml(entry.title)}</h1>`,
    `<p class="text-lg">${escapeHtml(entry.summary)}</p>`,
    clientLine(entry),
    resultsHtml(entry.results, 'page'),
    cover,
    `<div class="entry-body">${entryBodyHtml(entry.body)}</div>`,
    testimonialsHtml(testimonials),
    datesLine(entry, frame.timeZone),
    nextStepHtml(entry.kind),
  ].join('\n');
}

function listItemHtml(entry: EntrySummary, timeZone: string): string {
  const href = entryPath(entry.kind, entry.slug);
  return [
    '<div class="mt-6 border-t border-line pt-6">',
    `<h2><a href="${href}">${escapeHtml(entry.title)}</a></h2>`,
    `<p>${escapeHtml(entry.summary)}</p>`,
    clientLine(entry),
    resultsHtml(entry.results.slice(0, 3), 'card'),
    entry.publishedAt ? `<p class="text-sm">${time(entry.publishedAt, timeZone)}</p>` : '',
    '</div>',
  ].join('\n');
}

/** A list's page: newest first, with links to the newer and older pages. */
export function listMainHtml(
  frame: FrameFacts,
  kind: EntryKind,
  list: { entries: EntrySummary[]; page: number; total: number; pageSize: number },
): string {
  const name = ENTRY_KIND_NAMES[kind].plural;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pager =
    pages === 1
      ? ''
      : [
          '<nav aria-label="Pages" class="mt-8 flex flex-wrap items-center gap-4 text-sm">',
          list.page > 1
            ? `<a href="${entryListPath(kind, list.page - 1)}" rel="prev">Newer</a>`
            : '',
          `<span>Page ${list.page} of ${pages}</span>`,
          list.page < pages
            ? `<a href="${entryListPath(kind, list.page + 1)}" rel="next">Older</a>`
            : '',
          '</nav>',
        ].join('');
  return [
    breadcrumbNav(kind, name),
    `<h1>${name}</h1>`,
    // The list's own feed, for a reader who follows it (its head names it too: feedLinks).
    `<p class="text-sm"><a href="${entryFeedPath(kind)}" type="application/rss+xml">Follow by RSS</a></p>`,
    // The search page, from where its results are read (server/search/search-page.ts).
    searchFormHtml(),
    ...list.entries.map((entry) => listItemHtml(entry, frame.timeZone)),
    pager,
  ].join('\n');
}

export function goneMainHtml(kind: EntryKind): string {
  const { singular, plural } = ENTRY_KIND_NAMES[kind];
  return [
    `<h1>This ${singular.toLowerCase()} was removed</h1>`,
    `<p>It is no longer published. See the other <a href="${ENTRY_LIST_PATHS[kind]}">${plural.toLowerCase()}</a>, or go to the <a href="/">home page</a>.</p>`,
  ].join('\n');
}
