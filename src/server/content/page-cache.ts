/**
 * The content pages' cache (content/pages.ts): each page rendered once per content version
 * and kept with its ETag and compressed forms, answered with the CSP it needs; while the
 * database is away, the page as last rendered.
 */
import type { Context as HonoCtx } from 'hono';
import { isDatabaseUnavailable } from '#db';
import type { SiteContent } from '#shared/site-content';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import type { AppEnv } from '#server/http/hono-env';
import { ownHeaders, withVideoHost } from '#server/http/security-headers';
import { cacheControlOf, readyAnswer } from '#server/http/ready-bytes';
import type { AppDeps } from '#server/http/trpc';
import { loggableError } from '#server/platform/logger';
import { publishedContent, type CurrentContent } from '#server/site/site-content';
import { resolveSiteSettings } from '#server/site/site-settings';
import { HTML, type RenderedPage } from './rendered-page';

export function pageCache(deps: AppDeps) {
  /**
   * Per page: the content it was rendered from, and the rendering. Compared by identity: the
   * current content is a new object whenever the change counter moved (site/site-content.ts), even if a
   * version number was reused by a hand edit. `/` also keeps the published proof's counters
   * it was rendered after (`proofVersion`); other pages keep ''.
   */
  const cache = new Map<
    string,
    { source: CurrentContent; version: string; page: Promise<RenderedPage> }
  >();

  function cached(
    key: string,
    source: CurrentContent,
    version: string,
    render: () => Promise<RenderedPage>,
  ): Promise<RenderedPage> {
    const known = cache.get(key);
    if (known && known.source === source && known.version === version) return known.page;
    const page = render();
    cache.set(key, { source, version, page });
    // A failed render is not kept: the next request tries again.
    page.catch(() => {
      if (cache.get(key)?.page === page) cache.delete(key);
    });
    return page;
  }

  function respond(c: HonoCtx<AppEnv>, page: RenderedPage, status: 200 | 404 = 200): Response {
    const csp = ownHeaders(c)['Content-Security-Policy'];
    return readyAnswer(c, page, {
      status,
      cacheControl: cacheControlOf(page.type),
      headers:
        csp && page.type === HTML
          ? { 'Content-Security-Policy': withVideoHost(csp, page.frameHost) }
          : undefined,
    });
  }

  /** The page, or null (logged) when the static files must answer: rendering failed. */
  async function serve(
    c: HonoCtx<AppEnv>,
    key: string,
    /** Renders the page from the content, and the address and time zone in force. */
    render: (content: SiteContent, site: SiteSettingsView) => Promise<RenderedPage>,
    exists: (content: SiteContent) => boolean = () => true,
    status: 200 | 404 = 200,
    /**
     * What else the page is rendered from, read before it renders: `/` the proof's and the
     * entries' counters, the sitemap and llms.txt the entries'.
     */
    versionOf: () => Promise<string> = async () => '',
  ): Promise<Response | null> {
    let current;
    let version;
    try {
      [current, version] = await Promise.all([
        publishedContent(deps.db, deps.clock.now().getTime()),
        versionOf(),
      ]);
    } catch (error) {
      // The database is away: visitors still get the page as last rendered (or the build's),
      // never an error page; the API answers 503 meanwhile.
      if (!isDatabaseUnavailable(error)) throw error;
      const last = cache.get(key);
      return last ? respond(c, await last.page, status) : null;
    }
    if (!exists(current.content)) return null;
    try {
      const site = resolveSiteSettings(deps.config, current.settings);
      return respond(
        c,
        await cached(key, current, version, () => render(current.content, site)),
        status,
      );
    } catch (error) {
      deps.logger.error('content.render_failed', {
        page: key,
        version: current.version,
        error: loggableError(error),
      });
      return null;
    }
  }

  return { cached, serve };
}
