/**
 * The public pages that show the site's content, rendered on the server from the build's
 * template with the same React entry the build uses (client/entry-server.tsx): `/`, the legal
 * pages that have text, the sitemap, llms.txt and the web manifest; and the router app's page (app.html)
 * with the saved company name in its title and as JSON for the admin's header. Each page is rendered once per content version and
 * kept in memory with its ETag and compressed forms; the version is the `site_content` change
 * counter that every instance reads before answering (platform/site-content.ts), so a save on any instance
 * shows on every instance's next request (docs/content.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Hono, type Context as HonoCtx } from 'hono';
import { changeCounter, isDatabaseUnavailable } from '#db';
import { llmsTxt } from '#shared/llms-txt';
import type { SiteContent } from '#shared/site-content';
import { LEGAL_PAGES, videoFrameOrigin, type LegalPageKey } from '#shared/site-content-basics';
import {
  homeHeadTags,
  legalHeadTags,
  notFoundHeadTags,
  robotsTxt,
  sitemapXml,
  webManifest,
} from '#shared/seo';
import { NOT_FOUND_PAGE } from '#shared/prerender-marker';
import type { SiteSettingsView } from '#shared/site-settings';
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
import { bytesEtag } from '#server/http/etag';
import type { AppEnv } from '#server/http/hono-env';
import { ownHeaders, withVideoHost } from '#server/http/middleware';
import { cacheControlOf, readyAnswer, type ReadyBytes } from '#server/http/ready-bytes';
import type { AppDeps } from '#server/http/trpc';
import { loggableError } from '#server/platform/logger';
import { publishedIndex, sitemapPages } from '#server/entries/published';
import { homeSharePicture } from '#server/entries/share-image-path';
import type { PageFrame, PageFrames } from '#server/platform/page-frame';
import { publishedContent, type CurrentContent } from '#server/platform/site-content';
import { assistantShown } from '#server/assistant/settings';
import { homeProof, proofVersion } from '#server/proof/home-proof';
import { feedLinkTags, homeProofHtml } from '#server/proof/home-sections';
import { composePage, TEMPLATE_FILE, withFavicon } from './page-template';
import { pagesOrigin, resolveSiteSettings } from '#server/platform/site-settings';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What renders the pages' apps: client/entry-server.tsx, or a stand-in in tests. */
export interface PageRenderer {
  /**
   * `proof`: the proof sections' HTML put after About (server/proof/home-sections.ts);
   * `assistant`: "Ask a question" shown, the site assistant being on (docs/assistant.md).
   */
  renderHome(content: SiteContent, proof?: string, assistant?: boolean): Promise<string>;
  renderLegal(content: SiteContent, key: LegalPageKey): Promise<string>;
  /** A page whose main text is HTML the server wrote (the entries' pages), in the site's frame. */
  renderFramed(content: SiteContent, html: string): Promise<string>;
  /** The page-not-found page in the site's frame (client/home/not-found-app.tsx). */
  renderNotFound(content: SiteContent): Promise<string>;
}

interface RenderedPage extends ReadyBytes {
  /** The CSP's frame-src: the home page's video host, the admin's own site; null elsewhere. */
  frameHost: string | null;
}

async function ready(body: string, type: string, frameHost: string | null): Promise<RenderedPage> {
  const bytes = Buffer.from(body, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { body: bytes, etag: bytesEtag(bytes), type, encoded: { br, gzip: gz }, frameHost };
}

const HTML = 'text/html; charset=utf-8';

/** A legal page's whole HTML (also what `npm run vnu` checks, scripts/check-html.ts). */
export async function renderLegalPage(
  renderer: PageRenderer,
  template: string,
  content: SiteContent,
  key: LegalPageKey,
  /** The canonical link's origin (platform/site-settings.ts, `pagesOrigin`); the build's by default. */
  origin?: string,
): Promise<string> {
  const appHtml = await renderer.renderLegal(content, key);
  const headTags = legalHeadTags(content, key, origin);
  const page = LEGAL_PAGES.find((p) => p.key === key)?.path ?? '/';
  return composePage(withoutHeroHold(template), { appHtml, headTags, content, page });
}

/**
 * The page-not-found page's whole HTML: the spec's card in the saved brand, readable without
 * JavaScript, hydrated by the public pages' script (docs/product.md, "Not-found page").
 */
export async function renderNotFoundPage(
  renderer: PageRenderer,
  template: string,
  content: SiteContent,
): Promise<string> {
  const appHtml = await renderer.renderNotFound(content);
  const headTags = notFoundHeadTags(content);
  return composePage(withoutHeroHold(template), {
    appHtml,
    headTags,
    content,
    page: NOT_FOUND_PAGE,
  });
}

/**
 * The template for a page other than the home page: the home page holds its first paint
 * until the hero is parsed; another page has no hero, and the hold would last until the
 * whole page had arrived.
 */
function withoutHeroHold(template: string): string {
  return template
    .replace(/\s*<!--[^>]*?No paint before[\s\S]*?-->/, '')
    .replace(/\s*<link rel="expect" href="#hero-end"[^>]*>/, '');
}

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
async function frameOf(
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
  /**
   * Per page: the content it was rendered from, and the rendering. Compared by identity: the
   * current content is a new object whenever the change counter moved (platform/site-content.ts), even if a
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

  /**
   * `/` with the published proof after About and the feeds named in its head; with nothing
   * published, exactly the page of the content alone (docs/content.md, "On the home page").
   * "Ask a question" only while the assistant is on: off, nothing of it is in the page
   * (docs/assistant.md).
   */
  const renderHome = async (content: SiteContent, site: SiteSettingsView) => {
    const [proof, assistant] = await Promise.all([
      homeProof(deps.db),
      assistantShown(deps, deps.clock.now().getTime()),
    ]);
    const renderer = await renderWith();
    const appHtml = await renderer.renderHome(content, homeProofHtml(proof), assistant);
    const origin = pagesOrigin(site);
    const feeds = feedLinkTags(proof, origin, content.company.name);
    // Without an uploaded sharing image, the one drawn from the saved brand (share-images.ts).
    const drawn = homeSharePicture(content)?.path;
    const headTags =
      homeHeadTags(content, site.address, origin, drawn) + (feeds && `\n    ${feeds}`);
    const html = composePage(template, { appHtml, headTags, content, page: '/' });
    return ready(html, HTML, videoFrameOrigin(content.video));
  };
  // The switch is read with the proof's counters: turned on or off, `/` is rendered again.
  const homeVersion = async () => {
    const now = deps.clock.now().getTime();
    const [proof, assistant] = await Promise.all([
      proofVersion(deps.db, now),
      assistantShown(deps, now),
    ]);
    return `${proof}:${assistant ? 'assistant' : ''}`;
  };

  app.get(
    '/',
    async (c, next) =>
      (await serve(c, '/', renderHome, undefined, undefined, homeVersion)) ?? next(),
  );

  const warm = async (): Promise<void> => {
    const [current, version] = await Promise.all([
      publishedContent(deps.db, deps.clock.now().getTime()),
      homeVersion(),
    ]);
    const site = resolveSiteSettings(deps.config, current.settings);
    await cached('/', current, version, () => renderHome(current.content, site));
  };

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
  // An unknown address outside the admin area: the server's own page-not-found page, readable
  // without JavaScript; the admin area's keep the router app's screen.
  const appPage = (c: HonoCtx<AppEnv>, status: 200 | 404) =>
    status === 404 && !c.req.path.startsWith('/admin')
      ? notFoundPage(c)
      : (routerPage?.(c, status) ?? Promise.resolve(null));

  let lastFrame: { source: CurrentContent; frame: Promise<PageFrame> } | null = null;
  const frames: PageFrames = {
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

  return { routes: app, appPage, frames, warm };
}
