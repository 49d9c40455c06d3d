/**
 * How a prerendered public page is put together from the build's template: the head tags, the
 * rendered app inside #root (marked with the path it shows), and the content it was rendered
 * with as JSON for the browser's hydration. The build uses it for the default content
 * (scripts/prerender.ts), the server for every saved version (pages.ts), so both give the
 * same bytes for the same content.
 */
import { PRERENDERED_ATTRIBUTE } from '#shared/prerender-marker';
import { contentJson, SITE_CONTENT_ELEMENT_ID } from '#shared/page-data';
import type { SiteContent } from '#shared/site-content';
import { siteIcon } from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';

/** Where the build keeps the page template (a dot folder: the static server never serves it). */
export const TEMPLATE_FILE = '.render/template.html';

/** Puts the rendered app and the head tags into the built index.html. */
export function injectIntoTemplate(
  template: string,
  appHtml: string,
  headTags: string,
  page = '/',
): string {
  const withHead = template.replace(/<!--head-tags-->\s*<title>[^<]*<\/title>/, () => headTags);
  if (withHead === template) throw new Error('index.html has no <!--head-tags--> + <title> marker');
  const withApp = withHead.replace(
    '<div id="root"></div>',
    () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page}">${appHtml}</div>`,
  );
  if (withApp === withHead) throw new Error('index.html has no empty <div id="root"></div>');
  return withApp;
}

/**
 * The content as the browser needs it to hydrate: the public components only ask whether a
 * legal page has text (footer links, the consent line), and a legal page's own text is in its
 * HTML already, so the pages' JSON carries a mark instead of each page's Markdown. The
 * acknowledgement e-mail's words are the mail's, never a page's: they are left out.
 */
export function contentForHydration(content: SiteContent): SiteContent {
  const legal = { ...content.legal };
  for (const key of Object.keys(legal) as (keyof SiteContent['legal'])[]) {
    legal[key] = legal[key].trim() ? '1' : '';
  }
  return { ...content, legal, acknowledgement: { enabled: false, subject: '', body: '' } };
}

/**
 * The template's icon links, pointed at the site's own icon when it has one (the uploaded
 * favicon's PNGs at 32 px for tabs and 180 px for a phone's home screen, else the uploaded
 * logo: shared/site-media.ts, `siteIcon`); the built-in ones otherwise.
 */
export function withFavicon(html: string, media: SiteMedia | undefined): string {
  const own = siteIcon(media);
  if (!own) return html;
  const { icon, touch } = own;
  const sizes = (value: string | undefined) => (value ? ` sizes="${value}"` : '');
  const withIcon = html.replace(
    /<link rel="icon"[^>]*>/,
    () => `<link rel="icon" href="${icon.href}" type="${icon.type}"${sizes(icon.sizes)} />`,
  );
  return touch
    ? withIcon.replace(
        /<link rel="apple-touch-icon"[^>]*>/,
        () => `<link rel="apple-touch-icon" href="${touch.href}"${sizes(touch.sizes)} />`,
      )
    : withIcon;
}

/** The whole page: template, head tags, app, and the content as JSON for hydration. */
export function composePage(
  template: string,
  parts: { appHtml: string; headTags: string; content: SiteContent; page: string },
): string {
  const html = withFavicon(
    injectIntoTemplate(template, parts.appHtml, parts.headTags, parts.page),
    parts.content.media,
  );
  // A JSON script is data, not code: the CSP does not apply to it and it never runs.
  const data = `<script type="application/json" id="${SITE_CONTENT_ELEMENT_ID}">${contentJson(contentForHydration(parts.content))}</script>`;
  return html.replace('</body>', () => `  ${data}\n  </body>`);
}
