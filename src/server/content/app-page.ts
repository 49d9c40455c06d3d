import type { SiteContent } from '#shared/site-content';
import {
  brandJson,
  frameJson,
  siteFrameOf,
  SITE_BRAND_ELEMENT_ID,
  SITE_TIME_ZONE_ELEMENT_ID,
  scriptJson,
  SITE_FRAME_ELEMENT_ID,
} from '#shared/page-data';
import { escapeHtml } from '#shared/escape-html';
import { withFavicon } from './page-template';

/**
 * The router app's page with the saved name and favicon: its <title>, the brand as JSON for the
 * app, the public frame's parts for the page-not-found page (client/lib/site-frame.ts), and the
 * site's time zone the admin area writes moments in (client/admin/ui/date-time.tsx).
 */
export function appPageHtml(appHtml: string, content: SiteContent, timeZone: string): string {
  const { company } = content;
  const brand = { name: company.name, shortName: company.shortName };
  const data = [
    `<script type="application/json" id="${SITE_BRAND_ELEMENT_ID}">${brandJson(brand)}</script>`,
    `<script type="application/json" id="${SITE_FRAME_ELEMENT_ID}">${frameJson(siteFrameOf(content))}</script>`,
    `<script type="application/json" id="${SITE_TIME_ZONE_ELEMENT_ID}">${scriptJson(timeZone)}</script>`,
  ].join('\n  ');
  // The site's icon in the admin's tabs and on the page-not-found page too.
  return withFavicon(appHtml, content.media)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(company.name)}</title>`)
    .replace('</head>', () => `  ${data}\n  </head>`);
}
