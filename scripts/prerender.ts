/**
 * Second half of `npm run build`: renders the home page with the same React components into
 * dist/client/index.html (so text and layout paint before any JavaScript runs), adds the
 * head tags for search engines and sharing, and writes robots.txt, sitemap.xml and the web
 * manifest from the content module. Needs the server bundle from `vite build --ssr`.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PRERENDERED_ATTRIBUTE } from '../src/client/lib/prerender-marker';
import { homeHeadTags, robotsTxt, sitemapXml, webManifest } from '../src/client/seo';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SERVER_DIR = path.join(ROOT, 'dist/server');

interface ServerEntry {
  renderPath: (path: string) => Promise<string>;
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

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The home route's code is split from the entry and would only be requested once the entry
 * has run; preloading it (and what it imports) saves that round trip before hydration.
 */
export function preloadHomeRoute(html: string, manifest: Record<string, ManifestChunk>): string {
  const key = Object.keys(manifest).find((k) => k.startsWith('src/client/routes/index.tsx'));
  if (!key) throw new Error('the build manifest has no chunk for src/client/routes/index.tsx');
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
}

/**
 * Moves the app's module script and preloads to the end of <body>: they run after parsing
 * anyway (modules are deferred), and requested after the page's own markup they no longer
 * compete with it for the first paint.
 */
export function moveScriptsToBodyEnd(html: string): string {
  const tags: string[] = [];
  const without = html.replace(
    /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g,
    (tag) => {
      tags.push(tag.trim());
      return '';
    },
  );
  return without.replace('</body>', `  ${tags.join('\n    ')}\n  </body>`);
}

/** Puts the rendered app and the head tags into the built index.html. */
export function injectIntoTemplate(template: string, appHtml: string, headTags: string): string {
  const withHead = template.replace(/<!--head-tags-->\s*<title>[^<]*<\/title>/, headTags);
  if (withHead === template) throw new Error('index.html has no <!--head-tags--> + <title> marker');
  const withApp = withHead.replace(
    '<div id="root"></div>',
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${appHtml}</div>`,
  );
  if (withApp === withHead) throw new Error('index.html has no empty <div id="root"></div>');
  return withApp;
}

async function main() {
  const entryFile = path.join(SERVER_DIR, 'entry-server.js');
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const appHtml = await entry.renderPath('/');
  if (/<script(?![^>]*type="application\/ld\+json")/.test(appHtml)) {
    throw new Error('the prerendered app contains an inline <script>, which the CSP would block');
  }

  const indexFile = path.join(CLIENT_DIR, 'index.html');
  const template = readFileSync(indexFile, 'utf8');
  const page = injectIntoTemplate(template, appHtml, homeHeadTags());
  const readAsset = (urlPath: string) => readFileSync(path.join(CLIENT_DIR, urlPath), 'utf8');
  const manifest = JSON.parse(readAsset('.vite/manifest.json')) as Record<string, ManifestChunk>;
  writeFileSync(
    indexFile,
    moveScriptsToBodyEnd(preloadHomeRoute(inlineCriticalResources(page, readAsset), manifest)),
  );
  writeFileSync(path.join(CLIENT_DIR, 'robots.txt'), robotsTxt());
  writeFileSync(path.join(CLIENT_DIR, 'sitemap.xml'), sitemapXml());
  writeFileSync(
    path.join(CLIENT_DIR, 'manifest.webmanifest'),
    `${JSON.stringify(webManifest(), null, 2)}\n`,
  );
  // The server bundle is only a build tool; nothing serves it.
  rmSync(SERVER_DIR, { recursive: true, force: true });
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
