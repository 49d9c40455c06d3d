/**
 * The search page's HTML (docs/content.md, "Search"; docs/api.md, "Entry pages"): the form,
 * then the results, "No results for …", or why there are none (the `q` rule, the throttle).
 * A GET form with a label: it works without JavaScript. The visitor's words are escaped
 * wherever they are shown; a result's snippet is HTML already escaped by the search, its
 * words found in `<mark>`.
 */
import { ENTRY_KIND_NAMES, ENTRY_LIST_PATHS } from '#shared/entry-paths';
import type { EntryKind } from '#shared/entries';
import { escapeHtml } from '#shared/escape-html';
import { SEARCH_LIMITS } from '#shared/site-search';
import type { SearchResult } from '#shared/shapes/search';

export const SEARCH_PATH = '/search';

/** Where a search that found nothing can lead (search-page.ts). */
export interface WaysOn {
  /** The visitor's words with a likely typo corrected, when that search finds something. */
  suggestion: string | null;
  /** The lists that have something published. */
  lists: EntryKind[];
  /** The site assistant is on: "Ask a question" on the home page. */
  assistant: boolean;
}

/** What the page shows under the form. */
export type SearchView =
  | { state: 'form' }
  | { state: 'results'; q: string; results: SearchResult[]; ways?: WaysOn }
  /** Refused (the `q` rule, the throttle) or failed: the reason, in words. */
  | { state: 'refused'; q: string; message: string };

/**
 * The form, also on the entry lists (entries/page-html.ts). Its field keeps the words asked;
 * the browser holds it to the server's 2-100 rule before sending.
 */
export function searchFormHtml(q = ''): string {
  return [
    `<form role="search" method="get" action="${SEARCH_PATH}" class="my-6 flex flex-wrap items-end gap-3">`,
    '<div class="flex min-w-0 flex-1 flex-col">',
    '<label for="search-q" class="mb-1.5 block text-sm font-medium text-ink">Search case studies and insights</label>',
    `<input id="search-q" type="search" name="q" value="${escapeHtml(q)}" required minlength="${SEARCH_LIMITS.qMin}" maxlength="${SEARCH_LIMITS.qMax}" class="w-full rounded-lg border border-line-strong bg-surface px-3.5 py-2.5 text-base text-ink" />`,
    '</div>',
    '<button type="submit" class="min-h-11 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white dark:bg-brand-400 dark:text-slate-950">Search</button>',
    '</form>',
  ].join('');
}

export function searchHeadTags(companyName: string, q: string | null): string {
  const title = q ? `Search: ${q} | ${companyName}` : `Search | ${companyName}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    // Results pages are endless and follow the visitor's words: never in a search engine.
    '<meta name="robots" content="noindex" />',
  ].join('\n    ');
}

function resultHtml(result: SearchResult): string {
  return [
    '<li class="mt-6 border-t border-line pt-6">',
    `<p class="text-sm font-semibold uppercase tracking-wide">${ENTRY_KIND_NAMES[result.kind].singular}</p>`,
    `<h2><a href="${escapeHtml(result.url)}">${escapeHtml(result.title)}</a></h2>`,
    `<p>${result.snippet}</p>`,
    '</li>',
  ].join('');
}

/** A likely word, then the other ways on: the lists, the contact form, the assistant. */
function waysOnHtml(ways: WaysOn): string {
  const suggestion = ways.suggestion
    ? `<p>Did you mean <a href="${SEARCH_PATH}?q=${encodeURIComponent(ways.suggestion)}">${escapeHtml(ways.suggestion)}</a>?</p>`
    : '';
  const items = [
    ...ways.lists.map(
      (kind) =>
        `<li>Browse all the <a href="${ENTRY_LIST_PATHS[kind]}">${ENTRY_KIND_NAMES[kind].plural.toLowerCase()}</a></li>`,
    ),
    '<li>Tell us what you are looking for through the <a href="/#contact">contact form</a></li>',
    ...(ways.assistant
      ? ['<li>Ask the site assistant: “Ask a question” on the <a href="/">home page</a></li>']
      : []),
  ];
  return `${suggestion}<p>You can also:</p><ul>${items.join('')}</ul>`;
}

/** What is under the form: the results, or a sentence saying why there are none. */
function answerHtml(view: SearchView): string {
  if (view.state === 'form') return '';
  if (view.state === 'refused') {
    return `<p role="status" class="font-semibold">${escapeHtml(view.message)}</p>`;
  }
  if (view.results.length === 0) {
    return [
      `<p role="status">No results for “${escapeHtml(view.q)}”.</p>`,
      view.ways ? waysOnHtml(view.ways) : '',
    ].join('');
  }
  const count = view.results.length === 1 ? '1 result' : `${view.results.length} results`;
  return [
    `<p role="status">${count} for “${escapeHtml(view.q)}”.</p>`,
    `<ol>${view.results.map(resultHtml).join('')}</ol>`,
  ].join('');
}

export function searchMainHtml(view: SearchView): string {
  const q = view.state === 'form' ? '' : view.q;
  return ['<h1>Search</h1>', searchFormHtml(q), answerHtml(view)].join('\n');
}
