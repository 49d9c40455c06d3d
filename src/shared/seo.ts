import type { SiteContent } from './site-content';
import { LEGAL_PAGES, type LegalPageKey } from './site-content-basics';
import { defaultSiteContent } from './site-content-defaults';
import { company as site } from './company';
import { escapeHtml } from './escape-html';

/**
 * The canonical address of a path on the public site: on `origin`, the address the server
 * names the site by (server/site/site-settings.ts, `pagesOrigin`), else the build's.
 */
export function siteUrl(path = '/', origin: string = site.siteUrl): string {
  return new URL(path, origin).toString();
}

export const OG_IMAGE_PATH = '/og-image.png';

/**
 * schema.org description of the business for search engines (JSON-LD). An uploaded logo or
 * sharing image, or the sharing image the server draws (`drawnImage`, a path: without an
 * upload, once the brand is not the starting one; server/entries/share-image-path.ts), is
 * addressed on `mediaOrigin`, where the server serves it (its SITE_URL).
 */
export function structuredData(
  content: SiteContent = defaultSiteContent,
  mediaOrigin: string = site.siteUrl,
  pagesOrigin: string = site.siteUrl,
  drawnImage?: string,
): Record<string, unknown> {
  const { company, contact: contactDetails, founder, services } = content;
  const uploaded = (src: string | undefined, fallback: string) =>
    src ? new URL(src, mediaOrigin).toString() : siteUrl(fallback, pagesOrigin);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: company.name,
    description: company.description,
    url: siteUrl('/', pagesOrigin),
    logo: uploaded(content.media?.logo?.src, '/favicon.svg'),
    image: uploaded(content.media?.og?.src ?? drawnImage, OG_IMAGE_PATH),
    telephone: contactDetails.phone,
    email: contactDetails.email,
    // The office as the owner writes it ("Falls Church, Virginia"): one field, not parts.
    address: { '@type': 'PostalAddress', addressLocality: contactDetails.office },
    areaServed: 'Worldwide',
    sameAs: [contactDetails.profileUrl],
    founder: {
      '@type': 'Person',
      ...(founder.name ? { name: founder.name } : {}),
      jobTitle: founder.role,
    },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'AI engineering services',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service.title, description: service.description },
      })),
    },
  };
}

/**
 * Title, description, canonical link, Open Graph and Twitter cards and the JSON-LD block
 * for the home page's <head>, all from the site's content.
 */
export function homeHeadTags(
  content: SiteContent = defaultSiteContent,
  /** Where the uploaded images are served from: the site's address (docs/content.md). */
  mediaOrigin: string = site.siteUrl,
  /** The canonical links' origin. */
  pagesOrigin: string = site.siteUrl,
  /** The drawn sharing image's path, when the server draws one (`structuredData`). */
  drawnImage?: string,
): string {
  const { company } = content;
  const url = siteUrl('/', pagesOrigin);
  const og = content.media?.og;
  const data = structuredData(content, mediaOrigin, pagesOrigin, drawnImage);
  // A sharing card needs an absolute address: the uploaded image's, the drawn one, or the
  // built-in one (all 1200x630 but an upload, which has its own size).
  const image = String(data.image);
  const size = og ?? { width: 1200, height: 630 };
  const title = escapeHtml(company.pageTitle);
  const description = escapeHtml(company.description);
  // JSON inside <script> must not be able to close the element.
  const jsonLd = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="${size.width}" />`,
    `<meta property="og:image:height" content="${size.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(company.name)}: ${escapeHtml(company.tagline)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<script type="application/ld+json">${jsonLd}</script>`,
  ].join('\n    ');
}

export function robotsTxt(pagesOrigin: string = site.siteUrl): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${siteUrl('/sitemap.xml', pagesOrigin)}\n`;
}

/** Title, description and canonical link of a legal page. */
export function legalHeadTags(
  content: SiteContent,
  key: LegalPageKey,
  pagesOrigin: string = site.siteUrl,
): string {
  const page = LEGAL_PAGES.find((p) => p.key === key);
  const title = escapeHtml(`${page?.label ?? ''} | ${content.company.name}`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${escapeHtml(`${page?.label ?? ''} of ${content.company.name}`)}" />`,
    `<link rel="canonical" href="${siteUrl(page?.path ?? '/', pagesOrigin)}" />`,
  ].join('\n    ');
}

/** The page-not-found page's title (the spec's heading and the saved name), never indexed. */
export function notFoundHeadTags(content: SiteContent): string {
  return [
    `<title>${escapeHtml(`404 Page Not Found | ${content.company.name}`)}</title>`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
}

/** A page the sitemap lists beyond the home and legal pages, with its last change. */
export interface SitemapPage {
  path: string;
  /** An ISO 8601 moment. */
  lastmod: string;
}

/**
 * The home page, each legal page that has text, and `pages`: the published entries and their
 * lists, each with its `lastmod` (server/content/pages.ts reads them).
 */
export function sitemapXml(
  content: SiteContent = defaultSiteContent,
  pagesOrigin: string = site.siteUrl,
  pages: readonly SitemapPage[] = [],
): string {
  const legal = LEGAL_PAGES.filter((page) => content.legal[page.key].trim());
  const entry = (path: string, changefreq: string, priority: string, lastmod?: string) => [
    '  <url>',
    `    <loc>${escapeHtml(siteUrl(path, pagesOrigin))}</loc>`,
    ...(lastmod ? [`    <lastmod>${escapeHtml(lastmod)}</lastmod>`] : []),
    `    <changefreq>${changefreq}</changefreq>`,
    `    <priority>${priority}</priority>`,
    '  </url>',
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entry('/', 'monthly', '1.0'),
    ...legal.flatMap((page) => entry(page.path, 'yearly', '0.3')),
    ...pages.flatMap((page) => entry(page.path, 'monthly', '0.6', page.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

/** The web manifest: the build writes the defaults', the server each saved version's. */
export function webManifest(content: SiteContent = defaultSiteContent): Record<string, unknown> {
  const { company } = content;
  return {
    name: company.name,
    short_name: company.shortName,
    description: company.description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#4338ca',
    // The uploaded favicon's 192 and 512 px PNGs (shared/site-media.ts), or the built-in
    // icons: an installed site's home-screen icon and splash screen.
    icons: content.media?.favicon
      ? [
          { src: content.media.favicon.png192, sizes: '192x192', type: 'image/png' },
          ...(content.media.favicon.png512
            ? [{ src: content.media.favicon.png512, sizes: '512x512', type: 'image/png' }]
            : []),
        ]
      : [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
  };
}
