/**
 * The site's fixed settings and, until the owner's first save on the Content screen, its words
 * (docs/content.md). The words themselves live in src/shared/site-content-defaults.ts; these
 * named exports keep the admin area and e-mails on the default brand. The public pages read the
 * saved content through `useSiteContent()` (home/site-content-context.tsx).
 *
 * This module is plain data, so the server can read it too.
 */
import {
  defaultCompany,
  defaultContact,
  defaultFooterServices,
  defaultFounder,
  defaultHero,
  defaultServices,
  defaultValueItems,
  defaultVideo,
} from '../shared/site-content-defaults';
import { LEGAL_PAGES, phoneHref } from '../shared/site-content-basics';

export const company = {
  ...defaultCompany,
  /** Used for storage keys ('{slug}-theme'; public/boot.js repeats it) and the manifest. */
  slug: 'acme-ai',
  /** Public address of the site, for canonical links, sharing cards and the sitemap. */
  siteUrl: 'https://www.example.com',
} as const;

export const contactDetails = {
  ...defaultContact,
  phoneHref: phoneHref(defaultContact.phone),
} as const;

export const founder = defaultFounder;
export const hero = defaultHero;
export const valueItems = defaultValueItems;
export const services = defaultServices;
export const footerServices: readonly string[] = defaultFooterServices;
export const legalEntries: readonly string[] = LEGAL_PAGES.map((page) => page.label);

export const demoVideo = {
  /** Empty: no video. The server allows this address's origin in the CSP's frame-src. */
  embedUrl: defaultVideo.embedUrl || null,
  title: defaultVideo.title,
  description: defaultVideo.description,
};
