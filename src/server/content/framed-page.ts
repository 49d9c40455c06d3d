/**
 * The site's frame for the pages the server writes from its data (the entries' pages), in
 * the content in force (platform/page-frame.ts).
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '#shared/escape-html';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import type { AppDeps } from '#server/http/trpc';
import type { PageFrame, PageFrames } from '#server/platform/page-frame';
import { publishedContent, type CurrentContent } from '#server/site/site-content';
import { pagesOrigin, resolveSiteSettings } from '#server/site/site-settings';
import { composePage } from './page-template';
import { withoutHeroHold, type PageRenderer } from './page-renderer';

/**
 * Where a framed page's parts go: each holds a `<`, which the saved content can never put
 * into the page as such (React and the page's JSON escape it).
 */
const FRAME_MARKS = { head: '<!--frame:head-->', path: '<frame:path>', main: '<!--frame:main-->' };

/** `text` with the first `mark` replaced by `value` (no `$` patterns). */
function putAt(text: string, mark: string, value: string): string {
  const at = text.indexOf(mark);
  if (at < 0) throw new Error(`the page frame has no ${mark}`);
  return text.slice(0, at) + value + text.slice(at + mark.length);
}

/**
 * The site's frame for the content in force (platform/page-frame.ts): rendered once per
 * content version with marks where the page's parts go, so each page costs a few string
 * copies, and the same content gives the same bytes on every instance of a build.
 */
export async function frameOf(
  renderer: PageRenderer,
  template: string,
  current: CurrentContent,
  site: SiteSettingsView,
): Promise<PageFrame> {
  const { content } = current;
  const appHtml = await renderer.renderFramed(content, FRAME_MARKS.main);
  const shell = composePage(withoutHeroHold(template), {
    appHtml,
    headTags: FRAME_MARKS.head,
    content,
    page: FRAME_MARKS.path,
  });
  const origin = pagesOrigin(site);
  const key = createHash('sha256')
    .update(JSON.stringify([template, content, origin, site.address, site.timeZone]))
    .digest('base64url')
    .slice(0, 22);
  return {
    key,
    companyName: content.company.name,
    pagesOrigin: origin,
    mediaOrigin: site.address,
    timeZone: site.timeZone,
    logoPath: content.media?.logo?.src ?? null,
    page: ({ path, head, main }) =>
      putAt(
        putAt(putAt(shell, FRAME_MARKS.head, head), FRAME_MARKS.path, escapeHtml(path)),
        FRAME_MARKS.main,
        main,
      ),
  };
}

/**
 * The site's frame in the content in force (content/pages.ts's `frames`): rendered at the
 * first page after a change of content, and kept until the next.
 */
export function currentFrames(
  deps: AppDeps,
  template: string,
  renderWith: () => Promise<PageRenderer>,
): PageFrames {
  let lastFrame: { source: CurrentContent; frame: Promise<PageFrame> } | null = null;
  return {
    async current() {
      const current = await publishedContent(deps.db, deps.clock.now().getTime());
      if (lastFrame?.source !== current) {
        const site = resolveSiteSettings(deps.config, current.settings);
        const frame = renderWith().then((r) => frameOf(r, template, current, site));
        lastFrame = { source: current, frame };
        // A failed render is not kept: the next page asks again.
        frame.catch(() => {
          if (lastFrame?.frame === frame) lastFrame = null;
        });
      }
      return lastFrame.frame;
    },
  };
}
