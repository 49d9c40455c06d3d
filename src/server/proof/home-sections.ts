/**
 * The home page's proof sections as HTML (docs/content.md, "On the home page"): "Case
 * studies" (the latest three with their results), the latest insights, the testimonials, and the row of client
 * logos, each only when it has something to show. Written here, on the server, and put into
 * the page after About as HTML the browser's hydration takes as it is (client/home-main.tsx
 * reads it back from the page), so the sections add nothing to the page's script. Every
 * saved text is escaped; images carry their size, so nothing moves when they load.
 */
import { ENTRY_LIST_PATHS, HOME_LIST_SECTION_IDS, entryPath } from '#shared/entry-paths';
import type { EntrySummary } from '#shared/entries';
import { escapeHtml } from '#shared/escape-html';
import { focusRing } from '#shared/ui-styles';
import { clientLine, resultsHtml } from '#server/entries/page-html';
import type { HomeCaseStudy, HomeProof } from './home-proof';
import type { PublishedClientLogo, PublishedTestimonial } from './published-proof';

const LINK = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300 ${focusRing}`;

function heading(id: string, eyebrow: string, title: string): string {
  return [
    '<div class="mx-auto max-w-3xl text-center">',
    `<p class="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">${eyebrow}</p>`,
    `<h2 id="${id}" class="mt-2 text-3xl font-bold text-ink sm:text-4xl">${title}</h2>`,
    '</div>',
  ].join('');
}

function section(id: string, tone: 'bg-surface' | 'bg-subtle', inner: string): string {
  return `<section id="${id}" aria-labelledby="${id}-title" class="${tone} py-16 sm:py-24"><div class="mx-auto max-w-6xl px-4 sm:px-6">${inner}</div></section>`;
}

/**
 * The cards of a section: a third of the row each from lg up, and the row centred, so one or
 * two cards never sit left of an empty column.
 */
const CARDS = 'class="mt-12 flex flex-wrap justify-center gap-6"';
const CARD =
  'w-full rounded-2xl border border-line bg-surface p-6 shadow-sm lg:w-[calc((100%-3rem)/3)]';

/** The card's band: the cover at the card's width, lazily, in its resized files. */
function coverBand(entry: HomeCaseStudy): string {
  const cover = entry.coverImage;
  if (!cover) {
    // No cover: a drawn band naming the client (or industry), not an empty card.
    const name = entry.client ?? entry.industry ?? 'Case study';
    return `<div aria-hidden="true" class="case-cover-fallback mb-5 flex aspect-[16/9] items-end rounded-xl bg-gradient-to-br from-brand-600 to-indigo-900 p-4 text-white"><span class="text-sm font-semibold tracking-wide uppercase">${escapeHtml(name)}</span></div>`;
  }
  const { avif, webp, jpeg } = entry.coverSources;
  const sizes = '(min-width: 64rem) 20rem, calc(100vw - 5rem)';
  const source = (type: string, set: string | undefined) =>
    set ? `<source type="${type}" srcset="${escapeHtml(set)}" sizes="${sizes}" />` : '';
  return [
    '<picture>',
    source('image/avif', avif),
    source('image/webp', webp),
    `<img src="${escapeHtml(cover.url)}"${jpeg ? ` srcset="${escapeHtml(jpeg)}"` : ''} sizes="${sizes}" width="${cover.width}" height="${cover.height}" alt="${escapeHtml(cover.alt)}" loading="lazy" decoding="async" class="mb-5 aspect-[16/9] w-full rounded-xl object-cover" />`,
    '</picture>',
  ].join('');
}

function caseStudyCard(entry: HomeCaseStudy): string {
  return [
    `<article class="${CARD}">`,
    coverBand(entry),
    `<h3 class="text-xl font-semibold text-ink"><a class="${LINK}" href="${entryPath(entry.kind, entry.slug)}">${escapeHtml(entry.title)}</a></h3>`,
    `<p class="mt-2 text-muted">${escapeHtml(entry.summary)}</p>`,
    clientLine(entry),
    resultsHtml(entry.results, 'card'),
    '</article>',
  ].join('');
}

function caseStudies(entries: HomeCaseStudy[]): string {
  if (entries.length === 0) return '';
  return section(
    HOME_LIST_SECTION_IDS.case_study,
    'bg-surface',
    [
      heading('case-studies-title', 'Proof', 'Case studies'),
      `<div ${CARDS}>${entries.map(caseStudyCard).join('')}</div>`,
      `<p class="mt-8 text-center"><a class="${LINK}" href="${ENTRY_LIST_PATHS.case_study}">All case studies</a></p>`,
    ].join(''),
  );
}

function insightCard(entry: EntrySummary): string {
  return [
    '<article class="rounded-2xl border border-line bg-surface p-6 shadow-sm">',
    `<h3 class="text-xl font-semibold text-ink"><a class="${LINK}" href="${entryPath(entry.kind, entry.slug)}">${escapeHtml(entry.title)}</a></h3>`,
    `<p class="mt-2 text-muted">${escapeHtml(entry.summary)}</p>`,
    '</article>',
  ].join('');
}

/** The latest insights: without them nothing on the page would lead to /insights. */
function insights(entries: EntrySummary[]): string {
  if (entries.length === 0) return '';
  return section(
    HOME_LIST_SECTION_IDS.insight,
    'bg-subtle',
    [
      heading('insights-title', 'Insights', 'Latest insights'),
      `<div class="mt-12 grid gap-6 lg:grid-cols-3">${entries.map(insightCard).join('')}</div>`,
      `<p class="mt-8 text-center"><a class="${LINK}" href="${ENTRY_LIST_PATHS.insight}">All insights</a></p>`,
    ].join(''),
  );
}

/** The photo at 48 px, lazily: AVIF or WebP where the browser takes them. */
function photo(t: PublishedTestimonial): string {
  if (!t.photo) return '';
  const { url, width, height, alt, sources } = t.photo;
  const source = (type: string, set: string | undefined) =>
    set ? `<source type="${type}" srcset="${escapeHtml(set)}" sizes="48px" />` : '';
  return [
    '<picture>',
    source('image/avif', sources.avif),
    source('image/webp', sources.webp),
    `<img src="${escapeHtml(url)}"${sources.jpeg ? ` srcset="${escapeHtml(sources.jpeg)}"` : ''} sizes="48px" width="${width}" height="${height}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async" class="h-12 w-12 rounded-full object-cover" />`,
    '</picture>',
  ].join('');
}

function testimonialCard(t: PublishedTestimonial): string {
  const who = [t.role, t.company]
    .filter((part) => part !== '')
    .map(escapeHtml)
    .join(', ');
  const entry = t.entry
    ? `<p class="mt-4 text-sm"><a class="${LINK}" href="${entryPath(t.entry.kind, t.entry.slug)}">${escapeHtml(t.entry.title)}</a></p>`
    : '';
  return [
    `<figure class="${CARD}">`,
    `<blockquote class="text-lg text-ink"><p>${escapeHtml(t.quote)}</p></blockquote>`,
    '<figcaption class="mt-6 flex items-center gap-4">',
    photo(t),
    `<span><strong class="block text-ink">${escapeHtml(t.name)}</strong>`,
    who ? `<span class="block text-sm text-muted">${who}</span>` : '',
    '</span></figcaption>',
    entry,
    '</figure>',
  ].join('');
}

function testimonials(list: PublishedTestimonial[]): string {
  if (list.length === 0) return '';
  return section(
    'testimonials',
    'bg-subtle',
    [
      heading('testimonials-title', 'Testimonials', 'What clients say'),
      `<div ${CARDS}>${list.map(testimonialCard).join('')}</div>`,
    ].join(''),
  );
}

/** A logo 40 px high at its own proportions; a link to the client's site when it has one. */
function logo(l: PublishedClientLogo): string {
  const img = `<img src="${escapeHtml(l.image.url)}" width="${l.image.width}" height="${l.image.height}" alt="${escapeHtml(l.image.alt || l.name)}" loading="lazy" decoding="async" class="h-10 w-auto" />`;
  const inner = l.url
    ? `<a class="block rounded ${focusRing}" href="${escapeHtml(l.url)}" rel="noopener">${img}</a>`
    : img;
  // Logos are drawn for a light page: a light tile in both themes keeps a dark logo visible
  // in the dark theme, without inverting anyone's brand colours.
  return `<li class="rounded-xl bg-white px-5 py-3 shadow-sm ring-1 ring-line">${inner}</li>`;
}

function logos(list: PublishedClientLogo[]): string {
  if (list.length === 0) return '';
  return section(
    'clients',
    'bg-surface',
    [
      heading('clients-title', 'Clients', 'Who we work with'),
      `<ul class="mt-12 flex flex-wrap items-center justify-center gap-8">${list.map(logo).join('')}</ul>`,
    ].join(''),
  );
}

/** The sections, in their order; '' with nothing published. */
export function homeProofHtml(proof: HomeProof): string {
  return (
    caseStudies(proof.caseStudies) +
    insights(proof.insights) +
    testimonials(proof.testimonials) +
    logos(proof.logos)
  );
}

/**
 * The feeds' autodiscovery links for the home page's head, once an entry is published (the
 * feeds hold entries only); none before, so a fresh site's page stays as it was.
 */
export function feedLinkTags(proof: HomeProof, origin: string, companyName: string): string {
  if (!proof.anyEntry) return '';
  const link = (type: string, title: string, path: string) =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(`${companyName} (${title})`)}" href="${escapeHtml(new URL(path, origin).toString())}" />`;
  return [
    link('application/rss+xml', 'RSS', '/feed.xml'),
    link('application/atom+xml', 'Atom', '/atom.xml'),
  ].join('\n    ');
}
