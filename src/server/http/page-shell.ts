/**
 * The shell of the small pages the server writes without React: the newsletter's confirm and
 * unsubscribe pages (newsletter/link-pages/), the visitor's booking page
 * (booking/manage-page/) and the client's proposal page (proposals/client-page/). The site's header (logo and saved name, linking home) above one
 * card; the theme is the site's, applied by public/boot.js before the first paint. No inline
 * script: the CSP allows none that the build did not make.
 */
import { focusRing } from '#shared/ui-styles';
import { MEDIA_SIZES, siteIcon } from '#shared/site-media';
import { escapeHtml as e } from '#shared/escape-html';
import type { SiteBrand } from '#server/site/site-brand';

/** The built stylesheets and the page's own script module (absent: the build has none). */
export interface PageShellAssets {
  stylesheets: readonly string[];
  script?: string;
}

/** The tab's icon: the uploaded favicon, else the uploaded logo, else the built-in one. */
function iconLink(brand: SiteBrand): string {
  const icon = siteIcon(brand)?.icon ?? { href: '/favicon.svg', type: 'image/svg+xml' };
  const sizes = icon.sizes ? ` sizes="${icon.sizes}"` : '';
  return `<link rel="icon" href="${e(icon.href)}" type="${icon.type}"${sizes}>`;
}

/** The uploaded logo 36 px high, its box known before it loads; else the built-in mark. */
function logoImage(logo: SiteBrand['logo']): string {
  if (!logo) return '<img src="/favicon.svg" alt="" width="36" height="36" class="h-9 w-9">';
  const width = Math.round((logo.width * MEDIA_SIZES.logoHeight) / logo.height);
  return `<img src="${e(logo.src)}" alt="" width="${width}" height="${MEDIA_SIZES.logoHeight}" class="h-9 w-auto max-w-40 shrink-0 object-contain">`;
}

/**
 * The site's header with the saved name and the uploaded logo, as the site's own header shows
 * them ('Acme AI' + 'Engineering').
 */
export function header(company: SiteBrand): string {
  const nameRest = company.name.startsWith(company.shortName)
    ? company.name.slice(company.shortName.length).trim()
    : '';
  return `<header class="border-b border-line bg-surface">
<div class="mx-auto flex max-w-6xl items-center px-4 py-3 sm:px-6">
<a href="/" aria-label="${e(company.name)}, home" class="flex items-center gap-2.5 rounded-lg ${focusRing}">
${logoImage(company.logo)}
<span class="text-lg leading-tight font-bold whitespace-nowrap text-ink">${e(company.shortName)}${
    nameRest
      ? `<span class="block text-xs font-medium tracking-wide text-muted">${e(nameRest)}</span>`
      : ''
  }</span>
</a>
</div>
</header>`;
}

export function renderPageShell(page: {
  /** The card's heading, also the title's first part. */
  heading: string;
  company: SiteBrand;
  assets: PageShellAssets;
  /** Whether the page loads its script: only a page with something to do needs it. */
  withScript: boolean;
  /**
   * Whether the site's theme script (public/boot.js) applies the visitor's light or dark
   * theme; without it (a page with no script at all: the client's proposal page) the page is
   * light, and says so to the browser so its form controls match.
   */
  themeScript?: boolean;
  /** Classes of the <main> and of the card, which differ in width and alignment. */
  mainClass: string;
  cardClass: string;
  /** The card's HTML after its heading. */
  body: string;
  /**
   * The document's own referrer policy, narrowing the header's: the engagement page is sent
   * `no-referrer` (docs/engagements.md) and says `same-origin` here so that its form posts
   * carry its Origin (http/cross-site.ts refuses `Origin: null`), while no other site ever
   * gets its address.
   */
  referrer?: 'same-origin';
}): string {
  const { heading, company, assets } = page;

  const stylesheets = assets.stylesheets
    .map((href) => `<link rel="stylesheet" href="${e(href)}">`)
    .join('\n');
  const themed = page.themeScript ?? true;
  const script =
    page.withScript && assets.script
      ? `<script type="module" src="${e(assets.script)}"></script>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${themed ? 'light dark' : 'light'}">
<meta name="theme-color" content="#4338ca">
<meta name="robots" content="noindex">
${page.referrer ? `<meta name="referrer" content="${page.referrer}">\n` : ''}<title>${e(heading)} | ${e(company.name)}</title>
${iconLink(company)}
${themed ? '<script src="/boot.js"></script>\n' : ''}${stylesheets}
${script}
</head>
<body>
<div class="flex min-h-screen flex-col bg-subtle">
${header(company)}
<main id="main" class="${page.mainClass}">
<div class="${page.cardClass}">
<h1 data-heading class="text-2xl font-bold text-ink">${e(heading)}</h1>
${page.body}
</div>
</main>
</div>
</body>
</html>
`;
}
