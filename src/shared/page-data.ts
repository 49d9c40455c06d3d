/**
 * The data the server writes into a page as `<script type="application/json">` elements and
 * the browser reads back before it draws (docs/content.md): the saved content on the public
 * pages, and the brand, public frame and site's time zone in the router app's app.html. One module for both
 * sides, so the element ids and the JSON agree.
 */
import type { SiteContent } from './site-content';
import type { SiteMedia } from './shapes/media';
import { LEGAL_PAGES, type LegalPageKey } from './site-content-basics';

/** JSON that can sit inside a `<script>` element without closing it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The id of the element holding the page's content (the public pages). */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

export function contentJson(content: SiteContent): string {
  return scriptJson(content);
}

/** The brand's names, as the router app's frame carries them (the server adds its marks). */
export interface BrandNames {
  /** The full name ('Acme AI Engineering'). */
  name: string;
  /** What the logo shows large ('Acme AI'). */
  shortName: string;
}

/** The id of the element holding the brand in app.html. */
export const SITE_BRAND_ELEMENT_ID = 'site-brand';

export function brandJson(brand: BrandNames): string {
  return scriptJson({ name: brand.name, shortName: brand.shortName });
}

export interface SiteFrame {
  company: SiteContent['company'];
  contact: SiteContent['contact'];
  footerServices: SiteContent['footerServices'];
  /** The legal pages that have text, so exist; the footer links to these. */
  legalPages: LegalPageKey[];
  /** The uploaded logo, which the header and footer show in place of the mark. */
  logo?: SiteMedia['logo'];
}

/** The id of the element holding the public frame (header and footer) in app.html. */
export const SITE_FRAME_ELEMENT_ID = 'site-frame';

export function siteFrameOf(content: SiteContent): SiteFrame {
  return {
    company: content.company,
    contact: content.contact,
    footerServices: content.footerServices,
    legalPages: LEGAL_PAGES.filter((page) => content.legal[page.key].trim()).map((p) => p.key),
    ...(content.media?.logo && { logo: content.media.logo }),
  };
}

export function frameJson(frame: SiteFrame): string {
  return scriptJson(frame);
}

/**
 * The id of the element holding the site's time zone (SITE_TIMEZONE) in app.html: the admin
 * area writes every moment in it, as the mails and the Overview's days do.
 */
export const SITE_TIME_ZONE_ELEMENT_ID = 'site-time-zone';
