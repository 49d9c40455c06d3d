/**
 * The site's fixed settings, and the brand the admin area and e-mails show. The words of the
 * public pages are the owner's, edited on the admin's Content screen and stored in the
 * database (docs/content.md); until the first save they are the defaults in
 * src/shared/site-content-defaults.ts; this module reads the brand's part of them
 * (site-content-company.ts). The public pages get
 * their words through `useSiteContent()` (home/site-content-context.tsx), never from here.
 *
 * This module is plain data, so the server can read it too.
 */
import { defaultCompany, defaultVideo } from './site-content-company';

export const company = {
  ...defaultCompany,
  /** Used for storage keys ('{slug}-theme'; public/boot.js repeats it) and the manifest. */
  slug: 'acme-ai',
  /** Public address of the site, for canonical links, sharing cards and the sitemap. */
  siteUrl: 'https://www.example.com',
} as const;

export const demoVideo = {
  /**
   * The default content's framed video: none, the default is the demo the site serves
   * itself (public/media/). The home page's CSP follows the saved content's
   * video instead (server/content/pages.ts); this one covers the other pages.
   */
  embedUrl: defaultVideo.embedUrl || null,
};
