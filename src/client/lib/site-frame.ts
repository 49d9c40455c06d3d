/**
 * The public frame (header and footer) around the router app's page-not-found page, in the
 * saved content's words. The router app has no content of its own at hand, so the server
 * writes the parts the frame shows into app.html as JSON (`SITE_FRAME_ELEMENT_ID` in
 * shared/page-data.ts, server/content/pages.ts): the company, the contact details, the footer's
 * service links, which legal pages exist and the uploaded logo. Not the page texts: the admin
 * area loads the same app.html, and four legal pages would weigh more than the rest of it. In
 * development (Vite serves app.html as is) the defaults stand in.
 */
import type { SiteContent } from '#shared/site-content';
import { LEGAL_PAGES } from '#shared/site-content-basics';
import { SITE_FRAME_ELEMENT_ID, type SiteFrame } from '#shared/page-data';
import { defaultSiteContent } from '#shared/site-content-defaults';

function fromPage(): SiteFrame | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_FRAME_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const frame = JSON.parse(text) as Partial<SiteFrame>;
    return frame.company && frame.contact && frame.footerServices && frame.legalPages
      ? (frame as SiteFrame)
      : null;
  } catch {
    return null;
  }
}

/** The uploaded logo the server wrote into the page, if any (the admin's header shows it too). */
export function pageLogo(): SiteFrame['logo'] {
  return fromPage()?.logo;
}

/**
 * A legal page that exists, as the frame knows it: its text stays on its own page, and the
 * footer only asks whether there is any.
 */
const EXISTS = '(on its own page)';

/**
 * The content the frame's components read: the saved parts from the page, the defaults for
 * the texts the frame never shows.
 */
export function frameContent(frame: SiteFrame | null = fromPage()): SiteContent {
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
