import path from 'node:path';
import { Hono, type Context as HonoCtx } from 'hono';
import { isClientRoute } from '#shared/client-routes';
import type { AppEnv } from './hono-env';
import { FileCache, sendFile } from './static-send';

/** The router app's page as the saved content names the site (content/pages.ts). */
type AppPage = (c: HonoCtx<AppEnv>, status: 200 | 404) => Promise<Response | null>;

/** One built client's folder, its pages and the files read from it so far. */
interface BuiltClient {
  root: string;
  files: FileCache;
  indexFile: string;
  appFile: string;
  /** The built pages and their precompressed copies: files only `/` and `page()` send. */
  builtPages: ReadonlySet<string>;
  appPage: AppPage | null;
}

/**
 * Serves the built client: real files with long-lived caching for hashed assets, compressed
 * when the client accepts it (precompressed .br/.gz siblings first, otherwise compressed once
 * and kept in memory: static-send.ts). A path that names a file (has an extension) gets that
 * file or 404, never a page; `/` gets the home page (index.html) and every other GET the
 * router app (app.html). The built pages are never served under their own names: they hold
 * the build-time content, not the saved one (docs/content.md), so `/index.html` sends to `/`
 * and `/app.html` and their compressed copies are 404.
 */
export function serveClient(
  dir: string,
  options: {
    /**
     * The router app's page as the saved content names the site (content/pages.ts), or null
     * to send app.html as built.
     */
    appPage?: AppPage | null;
  } = {},
) {
  const root = path.resolve(dir);
  const indexFile = path.join(root, 'index.html');
  const appFile = path.join(root, 'app.html');
  const client: BuiltClient = {
    root,
    files: new FileCache(),
    indexFile,
    appFile,
    builtPages: new Set([indexFile, appFile].flatMap((file) => [file, `${file}.br`, `${file}.gz`])),
    appPage: options.appPage ?? null,
  };
  return new Hono<AppEnv>().get('*', (c) => serveRequest(c, client));
}

/** A file when the path names one, else a page. */
function serveRequest(c: HonoCtx<AppEnv>, client: BuiltClient): Response | Promise<Response> {
  const urlPath = c.req.path;
  const file = urlPath.endsWith('/') ? null : resolveInside(client.root, urlPath);
  if (!file) return page(c, client, urlPath);
  if (client.builtPages.has(file)) {
    // The home page's usual other address, without its query: one address per page.
    return file === client.indexFile ? c.redirect('/', 301) : notFound(c);
  }
  const result = sendFile(c, client.files, file, urlPath);
  if (result instanceof Promise) return result.then((r) => r ?? page(c, client, urlPath));
  return result ?? page(c, client, urlPath);
}

const notFound = (c: HonoCtx<AppEnv>) => c.text('Not found', 404);

/**
 * `/` is the prerendered home page; every other page is the router app. A page whose
 * address carries a secret gets no Referer sent from it (see SECRET_LINK_PAGES).
 */
function page(
  c: HonoCtx<AppEnv>,
  client: BuiltClient,
  urlPath: string,
): Response | Promise<Response> {
  const answer = servePage(c, client, urlPath);
  if (!SECRET_LINK_PAGES.has(urlPath)) return answer;
  const withoutReferrer = (res: Response) => {
    res.headers.set('Referrer-Policy', 'no-referrer');
    return res;
  };
  return answer instanceof Promise ? answer.then(withoutReferrer) : withoutReferrer(answer);
}

function servePage(
  c: HonoCtx<AppEnv>,
  client: BuiltClient,
  urlPath: string,
): Response | Promise<Response> {
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return notFound(c);
  // A path no client route matches still gets the app (its router shows the not-found
  // screen), but with the real status, so it is not indexed as a page.
  const home = urlPath === '/';
  const status = home || isClientRoute(urlPath) ? 200 : 404;
  const { appPage, appFile, files } = client;
  if (!home && appPage) {
    return appPage(c, status).then(
      async (rendered) =>
        rendered ?? (await sendFile(c, files, appFile, '/app.html', status)) ?? notFound(c),
    );
  }
  const result = sendFile(
    c,
    files,
    home ? client.indexFile : appFile,
    home ? '/index.html' : '/app.html',
    status,
  );
  if (result instanceof Promise) return result.then((r) => r ?? notFound(c));
  return result ?? notFound(c);
}

/** The file under the client's folder that the path names, or null (hidden, outside, bad). */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s.startsWith('.') && s !== '')) {
    return null;
  }
  const file = path.resolve(root, `.${decoded}`);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Client pages opened from a mailed link with a token in the address (`/admin/invite?token=`):
 * the page and everything it loads send no Referer, so the token never reaches a proxy's or
 * another site's logs that way (docs/decisions/0031-invitations.md).
 */
const SECRET_LINK_PAGES: ReadonlySet<string> = new Set(['/admin/invite', '/admin/reset-password']);
