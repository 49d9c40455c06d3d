/**
 * The public frame (header and footer) around the router app's page-not-found page, in the
 * saved content's words. The router app has no content of its own at hand, so the server
 * writes the parts the frame shows into app.html as JSON (`SITE_FRAME_ELEMENT_ID` in
 * shared/page-data.ts, server/content/pages.ts): the company, the contact details, the footer's
 * service links, which legal pages exist and the uploaded logo. Not the page texts: the admin
 * area loads the same app.html, and four legal pages would weigh more than the rest of it. In
 * development (Vite serves app.html as is) the defaults stand in.
 */
import { SITE_FRAME_ELEMENT_ID, type SiteFrame } from '#shared/page-data';

/**
 * The frame the server wrote into the page, or null (development, or unreadable). The content
 * built from it with the defaults is in frame-content.ts: the admin's first load reads only
 * the logo from here (docs/performance.md, "The sign-in page's first load").
 */
export function framePageData(): SiteFrame | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_FRAME_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const frame = JSON.parse(text) as Partial<SiteFrame>;
    const { company, contact, footerServices, legalPages } = frame;
    return company && contact && footerServices && legalPages
      ? { ...frame, company, contact, footerServices, legalPages }
      : null;
  } catch {
    return null;
  }
}

/** The uploaded logo the server wrote into the page, if any (the admin's header shows it too). */
export function pageLogo(): SiteFrame['logo'] {
  return framePageData()?.logo;
}
