/**
 * The public pages that show the site's content, rendered on the server from the build's
 * template with the same React entry the build uses (client/entry-server.tsx): `/`, the legal
 * pages that have text, the sitemap, llms.txt and the web manifest; and the router app's page (app.html)
 * with the saved company name in its title and as JSON for the admin's header. Each page is rendered once per content version and
 * kept in memory with its ETag and compressed forms; the version is the `site_content` change
 * counter that every instance reads before answering (site/site-content.ts), so a save on any instance
 * shows on every instance's next request (docs/content.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context as HonoCtx } from 'hono';
import { changeCounter } from '#db';
import { llmsTxt } from '#shared/llms-txt';
import type { SiteContent } from '#shared/site-content';
import { LEGAL_PAGES, videoFrameOrigin } from '#shared/site-content-basics';
import { homeHeadTags, robotsTxt, sitemapXml, webManifest } from '#shared/seo';
import { NOT_FOUND_PAGE } from '#shared/prerender-marker';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { publishedIndex, sitemapPages } from '#server/entries/published';
import { homeSharePicture } from '#server/entries/share-image-path';
import type { PageFrames } from '#server/platform/page-frame';
import { publishedContent } from '#server/site/site-content';
import { assistantShown } from '#server/assistant/settings';
import { homeProof, proofVersion } from '#server/proof/home-proof';
import { feedLinkTags, homeProofHtml } from '#server/proof/home-sections';
import { composePage, TEMPLATE_FILE } from './page-template';
import { pagesOrigin, resolveSiteSettings } from '#server/site/site-settings';
import { appPageHtml } from './app-page';
import { currentFrames } from './framed-page';
import { renderLegalPage, renderNotFoundPage, type PageRenderer } from './page-renderer';
import { HTML, ready } from './rendered-page';
import { pageCache } from './page-cache';

export type { PageRenderer } from './page-renderer';

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export interface ContentPages {
  /** `/`, the legal pages, `sitemap.xml`, `manifest.webmanifest`. */
  routes: Hono<AppEnv>;
  /**
   * The router app's page for this request with that status, or null when the static file
   * must answer instead (no such build, rendering failed); for http/static.ts.
   */
  appPage: ((c: HonoCtx<AppEnv>, status: 200 | 404) => Promise<Response | null>) | null;
  /** The site's frame for pages the server writes from its data (the entries' pages). */
  frames: PageFrames | null;
  /**
   * Renders `/` for the current content into the cache, loading the renderer: what the first
   * visitor would otherwise wait for (docs/performance.md, "Cold start"). Rejects when the
   * content cannot be read or rendered; the page is then rendered on its first request.
   */
  warm(): Promise<void>;
}

/**
 * What the router app's page may frame: the site's own answers, of which only the entry
 * preview lets itself be framed (docs/content.md, "The editor"); no video plays there.
 */
const ADMIN_FRAMES = "'self'";

/** What every content page is rendered with: one per app with a build. */
interface Pages {
  deps: AppDeps;
  /** The build's page template (TEMPLATE_FILE). */
  template: string;
  /** The page renderer, loaded at the first page that needs it and kept. */
  renderWith: () => Promise<PageRenderer>;
  cached: PageCache['cached'];
  serve: PageCache['serve'];
}

type PageCache = ReturnType<typeof pageCache>;

export function contentPages(
  deps: AppDeps,
  clientDir: string,
  loadRenderer: () => Promise<PageRenderer>,
): ContentPages {
  const app = new Hono<AppEnv>();
  const template = readOrNull(path.join(clientDir, TEMPLATE_FILE));
  // A build from before content editing, or no build (API-only tests): the static files.
  if (template === null) return { routes: app, appPage: null, frames: null, warm: async () => {} };
  const appTemplate = readOrNull(path.join(clientDir, 'app.html'));
  let renderer: Promise<PageRenderer> | null = null;
  const renderWith = () => (renderer ??= loadRenderer());
  const pages: Pages = { deps, template, renderWith, ...pageCache(deps) };
  addHomePage(app, pages);
  addLegalPages(app, pages);
  addSiteFiles(app, pages);
  return {
    routes: app,
    appPage: appPageOf(pages, appTemplate),
    frames: currentFrames(deps, template, renderWith),
    warm: () => warmHome(pages),
  };
}

/**
 * `/` with the published proof after About and the feeds named in its head; with nothing
 * published, exactly the page of the content alone (docs/content.md, "On the home page").
 * "Ask a question" only while the assistant is on: off, nothing of it is in the page
 * (docs/assistant.md).
 */
async function renderHome(
  pages: Pages,
  content: SiteContent,
  site: SiteSettingsView,
  /** Told once the HTML is there, before its compressed copies are made (warmHome). */
  onRendered?: () => void,
) {
  const { deps, template } = pages;
  const [proof, assistant] = await Promise.all([
    homeProof(deps.db),
    assistantShown(deps, deps.clock.now().getTime()),
  ]);
  const renderer = await pages.renderWith();
  const appHtml = await renderer.renderHome(content, homeProofHtml(proof), assistant);
  const origin = pagesOrigin(site);
  const feeds = feedLinkTags(proof, origin, content.company.name);
  // Without an uploaded sharing image, the one drawn from the saved brand (share-images.ts).
  const drawn = homeSharePicture(content)?.path;
  const headTags = homeHeadTags(content, site.address, origin, drawn) + (feeds && `\n    ${feeds}`);
  const html = composePage(template, { appHtml, headTags, content, page: '/' });
  onRendered?.();
  return ready(html, HTML, videoFrameOrigin(content.video));
}

// The switch is read with the proof's counters: turned on or off, `/` is rendered again.
async function homeVersion(deps: AppDeps) {
  const now = deps.clock.now().getTime();
  const [proof, assistant] = await Promise.all([
    proofVersion(deps.db, now),
    assistantShown(deps, now),
  ]);
  return `${proof}:${assistant ? 'assistant' : ''}`;
}

function addHomePage(app: Hono<AppEnv>, pages: Pages) {
  const render = (content: SiteContent, site: SiteSettingsView) => renderHome(pages, content, site);
  const version = () => homeVersion(pages.deps);
  app.get(
    '/',
    async (c, next) => (await pages.serve(c, '/', render, undefined, undefined, version)) ?? next(),
  );
}

async function warmHome(pages: Pages): Promise<void> {
  const { deps } = pages;
  const [current, version] = await Promise.all([
    publishedContent(deps.db, deps.clock.now().getTime()),
    homeVersion(deps),
  ]);
  const site = resolveSiteSettings(deps.config, current.settings);
  // The warm-up waits for the HTML; its compressed copies (brotli at its highest level is
  // about 0.15 s of CPU, on a libuv thread) are finished meanwhile, and a request for `/`
  // that comes first waits for them (docs/performance.md, "Production start").
  let rendered = () => {};
  const html = new Promise<void>((resolve) => (rendered = resolve));
  await Promise.race([
    html,
    pages.cached('/', current, version, () => renderHome(pages, current.content, site, rendered)),
  ]);
}

function addLegalPages(app: Hono<AppEnv>, { template, renderWith, serve }: Pages) {
  for (const legal of LEGAL_PAGES) {
    app.get(
      legal.path,
      async (c, next) =>
        (await serve(
          c,
          legal.path,
          async (content, site) =>
            ready(
              await renderLegalPage(
                await renderWith(),
                template,
                content,
                legal.key,
                pagesOrigin(site),
              ),
              HTML,
              null,
            ),
          // Without text the page does not exist: the static files answer the 404 page.
          (content) => content.legal[legal.key].trim() !== '',
        )) ?? next(),
    );
  }
}

/** The sitemap, llms.txt, robots.txt and the web manifest. */
function addSiteFiles(app: Hono<AppEnv>, { deps, serve }: Pages) {
  // The sitemap and llms.txt name the published entries: each follows a publish on any
  // instance at once (the `published_entries` counter, read per request).
  const entriesVersion = async () => String(await changeCounter(deps.db, 'published_entries'));
  const renderSitemap = async (content: SiteContent, site: SiteSettingsView) => {
    const pages = sitemapPages(await publishedIndex(deps.db));
    const xml = sitemapXml(content, pagesOrigin(site), pages);
    return ready(xml, 'application/xml; charset=utf-8', null);
  };
  app.get(
    '/sitemap.xml',
    async (c, next) =>
      (await serve(c, '/sitemap.xml', renderSitemap, undefined, 200, entriesVersion)) ?? next(),
  );

  const renderLlms = async (content: SiteContent, site: SiteSettingsView) => {
    const text = llmsTxt(content, pagesOrigin(site), await publishedIndex(deps.db));
    return ready(text, 'text/plain; charset=utf-8', null);
  };
  app.get(
    '/llms.txt',
    async (c, next) =>
      (await serve(c, '/llms.txt', renderLlms, undefined, 200, entriesVersion)) ?? next(),
  );

  // It names the sitemap, on the site's address.
  app.get(
    '/robots.txt',
    async (c, next) =>
      (await serve(c, '/robots.txt', (_content, site) =>
        ready(robotsTxt(pagesOrigin(site)), 'text/plain; charset=utf-8', null),
      )) ?? next(),
  );

  // Its name and short name are what a phone shows for the site added to its home screen.
  app.get(
    '/manifest.webmanifest',
    async (c, next) =>
      (await serve(c, '/manifest.webmanifest', (content) =>
        ready(
          `${JSON.stringify(webManifest(content), null, 2)}\n`,
          'application/manifest+json; charset=utf-8',
          null,
        ),
      )) ?? next(),
  );
}

/**
 * The router app's page, named for the saved content; an unknown address outside the admin
 * area gets the server's own page-not-found page, readable without JavaScript, where the
 * admin area's keep the router app's screen.
 */
function appPageOf(
  { template, renderWith, serve }: Pages,
  appTemplate: string | null,
): (c: HonoCtx<AppEnv>, status: 200 | 404) => Promise<Response | null> {
  const routerPage = appTemplate
    ? (c: HonoCtx<AppEnv>, status: 200 | 404) =>
        serve(
          c,
          '/app.html',
          (content, site) =>
            ready(appPageHtml(appTemplate, content, site.timeZone), HTML, ADMIN_FRAMES),
          () => true,
          status,
        )
    : null;
  const notFoundPage = (c: HonoCtx<AppEnv>) =>
    serve(
      c,
      NOT_FOUND_PAGE,
      async (content) =>
        ready(await renderNotFoundPage(await renderWith(), template, content), HTML, null),
      () => true,
      404,
    );
  return (c, status) =>
    status === 404 && !c.req.path.startsWith('/admin')
      ? notFoundPage(c)
      : (routerPage?.(c, status) ?? Promise.resolve(null));
}
