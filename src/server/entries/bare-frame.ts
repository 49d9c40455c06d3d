/**
 * A frame without the site's build (an API-only server, its tests): the head tags and the
 * main text in a plain document, so the admin's preview still answers its page. With a
 * build, the site's own frame is used (platform/page-frame.ts).
 */
import type { AppDeps } from '#server/http/trpc';
import type { PageFrame } from '#server/platform/page-frame';
import { publishedContent } from '#server/site/site-content';
import { pagesOrigin, resolveSiteSettings } from '#server/site/site-settings';

export async function bareFrame(deps: AppDeps): Promise<PageFrame> {
  const current = await publishedContent(deps.db, deps.clock.now().getTime());
  const site = resolveSiteSettings(deps.config, current.settings);
  return {
    key: 'bare',
    companyName: current.content.company.name,
    pagesOrigin: pagesOrigin(site),
    mediaOrigin: site.address,
    timeZone: site.timeZone,
    logoPath: current.content.media?.logo?.src ?? null,
    page: ({ head, main }) =>
      `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    ${head}\n  </head>\n  <body>\n    <main id="main"><article>${main}</article></main>\n  </body>\n</html>\n`,
  };
}
