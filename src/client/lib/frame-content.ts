/**
 * The public frame's content for the router app's not-found page and the newsletter's
 * preview: the saved parts the server wrote into app.html (site-frame.ts), the defaults for
 * the texts the frame never shows. Apart from site-frame.ts, so that reading the logo does not
 * bring every default text into the admin's first load.
 */
import type { SiteContent } from '#shared/site-content';
import { LEGAL_PAGES } from '#shared/site-content-basics';
import type { SiteFrame } from '#shared/page-data';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { framePageData } from './site-frame';

/**
 * A legal page that exists, as the frame knows it: its text stays on its own page, and the
 * footer only asks whether there is any.
 */
const EXISTS = '(on its own page)';

/**
 * The content the frame's components read: the saved parts from the page, the defaults for
 * the texts the frame never shows.
 */
export function frameContent(frame: SiteFrame | null = framePageData()): SiteContent {
  if (!frame) return defaultSiteContent;
  const legal = { ...defaultSiteContent.legal };
  for (const page of LEGAL_PAGES)
    legal[page.key] = frame.legalPages.includes(page.key) ? EXISTS : '';
  return {
    ...defaultSiteContent,
    company: frame.company,
    contact: frame.contact,
    footerServices: frame.footerServices,
    legal,
    ...(frame.logo && { media: { logo: frame.logo } }),
  };
}
