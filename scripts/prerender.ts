/**
 * Second half of `npm run build`: renders the home page with the same React components and the
 * default content into dist/client/index.html (so text and layout paint before any JavaScript
 * runs), adds the head tags for search engines and sharing, and writes robots.txt, sitemap.xml
 * and the web manifest. It also keeps the page template (dist/client/.render/template.html),
 * from which the server renders the public pages again whenever the owner saves new content
 * (src/server/content/pages.ts, docs/content.md), and the CSP hashes of the pages' inline
 * scripts (scripts/csp-hashes.ts). Needs the server bundle from
 * `vite build --ssr`.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { homeHeadTags, robotsTxt, sitemapXml, webManifest } from '../src/shared/seo';
import { composePage, TEMPLATE_FILE } from '../src/server/content/page-template';
import { writeCspHashes } from './csp-hashes';
import type { SiteContent } from '../src/shared/site-content';
import { defaultSiteContent } from '../src/shared/site-content-defaults';

export { injectIntoTemplate } from '../src/server/content/page-template';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SERVER_DIR = path.join(ROOT, 'dist/server');

interface ServerEntry {
  renderHome: (content: SiteContent) => Promise<string>;
}

/**
 * Inlines the render-blocking resources so the first paint needs no request after the HTML:
 * the stylesheet (the CSP allows inline styles) and public/boot.js (the server allows the
 * page's inline scripts by their hash).
 */
export function inlineCriticalResources(html: string, readAsset: (urlPath: string) => string) {
  let out = html.replace(/<script src="\/boot\.js"><\/script>/, () => {
    const boot = readAsset('/boot.js').trim();
    return `<script>${boot}</script>`;
  });
  out = out.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_, href: string) => {
    const css = readAsset(href).trim();
    return `<style>${css}</style>`;
  });
  if (out.includes('src="/boot.js"')) throw new Error('index.html: boot.js was not inlined');
  return out;
}

/**
 * Replaces the app's module script and preloads with a small inline loader that requests
 * them right after the first paint. Requested while the HTML still streams in, 130 KiB of
 * scripts compete with the page itself for a slow connection; the prerendered page does not
 * need them to show, only to become interactive a frame later.
 */
export function loadScriptsAfterFirstPaint(html: string): string {
  let entry: string | null = null;
  const preloads: string[] = [];
  const without = html.replace(
    /\s*<(?:script type="module"[^>]*src="([^"]+)"[^>]*><\/script>|link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>)/g,
    (_tag, script?: string, preload?: string) => {
      if (script) entry = script;
      if (preload) preloads.push(preload);
      return '';
    },
  );
  if (!entry) throw new Error('index.html has no module script');
  // requestAnimationFrame runs just before the first paint, the timeout just after it; a
  // page opened in a background tab paints nothing yet, so it loads at once.
  const load = `()=>{for(const href of ${JSON.stringify(preloads)}){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}const script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=${JSON.stringify(entry)};document.body.append(script)}`;
  const loader = `(()=>{const load=${load};document.hidden?load():requestAnimationFrame(()=>setTimeout(load))})()`;
  return without.replace('</body>', `  <script>${loader}</script>\n  </body>`);
}

const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;

/**
 * Writes .br and .gz next to every text file of the build, at the highest levels, so the
 * server sends them as they are instead of compressing on the first request.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (!name.startsWith('.')) count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

async function main() {
  const entryFile = path.join(SERVER_DIR, 'entry-server.js');
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const appHtml = await entry.renderHome(defaultSiteContent);
  if (/<script(?![^>]*type="application\/ld\+json")/.test(appHtml)) {
    throw new Error('the prerendered app contains an inline <script>, which the CSP would block');
  }

  const readAsset = (urlPath: string) => readFileSync(path.join(CLIENT_DIR, urlPath), 'utf8');
  const indexFile = path.join(CLIENT_DIR, 'index.html');
  const template = loadScriptsAfterFirstPaint(
    inlineCriticalResources(readFileSync(indexFile, 'utf8'), readAsset),
  );
  const templateFile = path.join(CLIENT_DIR, TEMPLATE_FILE);
  mkdirSync(path.dirname(templateFile), { recursive: true });
  writeFileSync(templateFile, template);
  writeFileSync(
    indexFile,
    composePage(template, {
      appHtml,
      headTags: homeHeadTags(defaultSiteContent),
      content: defaultSiteContent,
      page: '/',
    }),
  );
  // app.html (admin area, not-found page) paints nothing before its script runs, but its
  // theme must still apply before the first paint.
  const appFile = path.join(CLIENT_DIR, 'app.html');
  writeFileSync(appFile, inlineCriticalResources(readFileSync(appFile, 'utf8'), readAsset));
  writeFileSync(path.join(CLIENT_DIR, 'robots.txt'), robotsTxt());
  writeFileSync(path.join(CLIENT_DIR, 'sitemap.xml'), sitemapXml());
  writeFileSync(
    path.join(CLIENT_DIR, 'manifest.webmanifest'),
    `${JSON.stringify(webManifest(), null, 2)}\n`,
  );
  // The pages are final: their inline scripts' hashes, which the server's CSP allows.
  const hashes = writeCspHashes(CLIENT_DIR);
  process.stdout.write(`listed ${hashes.length} inline script hashes for the CSP\n`);
  // dist/server stays: the production server (dist/server.js) renders the pages with it.
  const compressed = precompress(CLIENT_DIR);
  process.stdout.write(`precompressed ${compressed} files (.br, .gz)\n`);
  process.stdout.write(`prerendered / (${(appHtml.length / 1024).toFixed(1)} KiB of HTML)\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `prerender failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}
