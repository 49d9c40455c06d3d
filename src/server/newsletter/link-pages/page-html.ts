/**
 * The HTML of the confirm and unsubscribe pages, in the server's page shell
 * (http/page-shell.ts): a heading and a sentence, and, for a usable link, the one button.
 */
import { buttonClass, focusRing } from '#shared/ui-styles';
import { escapeHtml } from '#shared/escape-html';
import type { SiteBrand } from '#server/site/site-brand';
import { renderPageShell } from '#server/http/page-shell';
import type { LinkPageAssets } from '#server/http/page-assets';
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
  return renderPageShell({
    heading,
    company,
    assets,
    // The script only serves the button.
    withScript: view.state === 'valid',
    mainClass: 'flex flex-1 items-center justify-center px-4 py-16',
    cardClass:
      'w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-lg',
    body: `<p data-prompt class="mt-3 text-muted">${e(prompt)}</p>\n${rest}`,
  });
}
