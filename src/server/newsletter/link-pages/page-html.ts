/**
 * The HTML of the confirm and unsubscribe pages: the site's header (logo and name, linking
 * home), one card with a heading and a sentence, and, for a usable link, the one button. The
 * theme is the site's: public/boot.js applies the stored choice or the system's before the
 * first paint. No inline script (the CSP allows none that the build did not make).
 */
import { buttonClass, focusRing } from '#shared/ui-styles';
import { escapeHtml } from '#shared/escape-html';
import type { SiteBrand } from '#server/platform/site-brand';
import type { LinkPageAssets } from './assets';
import {
  INVALID_LINK_TEXTS,
  LINK_FAILED,
  LINK_HOME,
  LINK_PAGE_TEXTS,
  LINK_PAGE_UNAVAILABLE,
  type LinkKind,
} from './texts';

export type LinkPageView =
  | { state: 'valid'; kind: LinkKind; token: string }
  | { state: 'invalid'; kind: LinkKind }
  | { state: 'unavailable' };

const e = escapeHtml;

/**
 * The site's header with the saved name, as the site's logo shows it ('Acme AI' + 'Engineering').
 * The booking's manage page (booking/manage-page/) wears it too.
 */
export function header(company: SiteBrand): string {
  const nameRest = company.name.startsWith(company.shortName)
    ? company.name.slice(company.shortName.length).trim()
    : '';
  return `<header class="border-b border-line bg-surface">
<div class="mx-auto flex max-w-6xl items-center px-4 py-3 sm:px-6">
<a href="/" aria-label="${e(company.name)}, home" class="flex items-center gap-2.5 rounded-lg ${focusRing}">
<img src="/favicon.svg" alt="" width="36" height="36" class="h-9 w-9">
<span class="text-lg leading-tight font-bold whitespace-nowrap text-ink">${e(company.shortName)}${
    nameRest
      ? `<span class="block text-xs font-medium tracking-wide text-muted">${e(nameRest)}</span>`
      : ''
  }</span>
</a>
</div>
</header>`;
}

/** The button, with what the script needs: where to post, the token, and every answer's text. */
function actionButton(kind: LinkKind, token: string): string {
  const texts = LINK_PAGE_TEXTS[kind];
  const data = {
    endpoint: texts.endpoint,
    token,
    pending: texts.pending,
    success: texts.success,
    'done-heading': texts.doneHeading,
    invalid: INVALID_LINK_TEXTS[kind].heading,
    failed: LINK_FAILED,
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${e(value)}"`)
    .join(' ');
  return `<button type="button" class="${buttonClass('primary', 'md', 'mt-6')}" ${attributes}>${e(texts.button)}</button>
<noscript><p class="mt-4 text-sm text-muted">${e(texts.noscript)}</p></noscript>
<p data-result role="status" tabindex="-1" class="mt-6 rounded-lg text-lg font-semibold text-ink outline-none empty:mt-0 focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 data-[outcome=failed]:text-red-700 data-[outcome=invalid]:text-red-700 data-[outcome=success]:text-green-800 dark:data-[outcome=failed]:text-red-300 dark:data-[outcome=invalid]:text-red-300 dark:data-[outcome=success]:text-green-300"></p>
<a data-home href="/" hidden class="mt-6 inline-block rounded-lg font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200 ${focusRing}">${e(LINK_HOME)}</a>`;
}

function content(
  view: LinkPageView,
  siteName: string,
): { heading: string; prompt: string; rest: string } {
  if (view.state === 'unavailable') return { ...LINK_PAGE_UNAVAILABLE, rest: '' };
  if (view.state === 'invalid') return { ...INVALID_LINK_TEXTS[view.kind], rest: '' };
  const texts = LINK_PAGE_TEXTS[view.kind];
  return {
    heading: texts.heading,
    prompt: texts.prompt(siteName),
    rest: actionButton(view.kind, view.token),
  };
}

export function renderLinkPage(
  view: LinkPageView,
  assets: LinkPageAssets,
  company: SiteBrand,
): string {
  const { heading, prompt, rest } = content(view, company.name);
  const stylesheets = assets.stylesheets
    .map((href) => `<link rel="stylesheet" href="${e(href)}">`)
    .join('\n');
  // The script only serves the button.
  const script =
    view.state === 'valid' && assets.script
      ? `<script type="module" src="${e(assets.script)}"></script>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#4338ca">
<meta name="robots" content="noindex">
<title>${e(heading)} | ${e(company.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script src="/boot.js"></script>
${stylesheets}
${script}
</head>
<body>
<div class="flex min-h-screen flex-col bg-subtle">
${header(company)}
<main id="main" class="flex flex-1 items-center justify-center px-4 py-16">
<div class="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-lg">
<h1 data-heading class="text-2xl font-bold text-ink">${e(heading)}</h1>
<p data-prompt class="mt-3 text-muted">${e(prompt)}</p>
${rest}
</div>
</main>
</div>
</body>
</html>
`;
}
