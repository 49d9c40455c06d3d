/**
 * The client's proposal page as a whole (docs/proposals.md, "The client's page"): the site's
 * header and one wide card in the server's page shell (http/page-shell.ts), the card being the
 * shared `proposalPageBody`, the same HTML the admin's editor previews. No script at all: the
 * answers are plain forms.
 */
import { focusRing } from '#shared/ui-styles';
import { proposalPageBody, type ProposalPageView } from '#shared/proposal-page/page-body';
import { PROPOSAL_PAGE_TEXTS as T } from '#shared/proposal-page/texts';
import { escapeHtml as e } from '#shared/escape-html';
import type { SiteBrand } from '#server/site/site-brand';
import { renderPageShell, type PageShellAssets } from '#server/http/page-shell';

export type ProposalPage =
  | { state: 'proposal'; view: ProposalPageView }
  | { state: 'not-found' }
  | { state: 'unavailable'; message?: string };

const home = `<p class="mt-10 text-center"><a href="/" class="inline-block rounded-lg font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200 ${focusRing}">${T.home}</a></p>`;

export function renderProposalPage(
  page: ProposalPage,
  assets: PageShellAssets,
  company: SiteBrand,
): string {
  const shell = {
    company,
    assets,
    withScript: false,
    // No script at all, not even the theme's: the page is light (page-shell.ts).
    themeScript: false,
    mainClass: 'flex flex-1 items-start justify-center px-4 py-8 sm:py-12',
  };
  if (page.state !== 'proposal') {
    const notFound = page.state === 'not-found';
    return renderPageShell({
      ...shell,
      heading: notFound ? T.notFoundHeading : T.unavailableHeading,
      cardClass:
        'w-full max-w-lg rounded-2xl border border-line bg-surface p-6 text-center shadow-lg sm:p-8',
      body: `<p class="mt-3 text-muted">${e(notFound ? T.notFoundPrompt : (page.message ?? T.unavailablePrompt))}</p>${home}`,
    });
  }
  return renderPageShell({
    ...shell,
    heading: page.view.proposal.title,
    cardClass:
      'w-full max-w-3xl rounded-2xl border border-line bg-surface p-5 text-left shadow-lg sm:p-8',
    body: `${proposalPageBody(page.view)}${home}`,
  });
}
