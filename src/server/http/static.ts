import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { Hono, type Context as HonoCtx } from 'hono';
import { isClientRoute } from '#shared/client-routes';
import type { AppEnv } from './hono-env';
import { etagMatches } from './etag';
import { ownHeaders } from './security-headers';
import {
  cacheControlOf,
  preferredEncoding,
  readyAnswer,
  readyHeaders,
  type Encoding,
} from './ready-bytes';

import {
  brotli,
  byteRange,
  COMPRESSIBLE,
  contentTypeOf,
  gzipAsync,
  isFile,
  isHashedPath,
  MIN_COMPRESS_BYTES,
  RECHECK_MS,
  WHOLE_OR_IN_RANGES,
  type CachedFile,
} from './static-files';

/**
 * Serves the built client: real files with long-lived caching for hashed assets, compressed
 * when the client accepts it (precompressed .br/.gz siblings first, otherwise compressed once
 * and kept in memory). A path that names a file (has an extension) gets that file or 404,
 * never a page; `/` gets the home page (index.html) and every other GET the router app
 * (app.html). The built pages are never served under their own names: they hold the
 * build-time content, not the saved one (docs/content.md), so `/index.html` sends to `/` and
 * `/app.html` and their compressed copies are 404.
 */
export function serveClient(
  dir: string,
  options: {
    /**
     * The router app's page as the saved content names the site (content/pages.ts), or null
     * to send app.html as built.
     */
    appPage?: ((c: HonoCtx<AppEnv>, status: 200 | 404) => Promise<Response | null>) | null;
  } = {},
) {
  const root = path.resolve(dir);
  const cache = new Map<string, CachedFile>();

  async function load(file: string, immutable: boolean): Promise<CachedFile | null> {
    const known = cache.get(file);
    const now = performance.now();
    if (known && (immutable || now - known.checkedAt < RECHECK_MS)) return known;
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) {
      cache.delete(file);
      return null;
    }
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) {
      known.checkedAt = now;
      return known;
    }
    const type = contentTypeOf(file);
    // Worth compressing: a text type and at least MIN_COMPRESS_BYTES.
    const compressible = info.size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type);
    const entry: CachedFile = {
      checkedAt: now,
      mtimeMs: info.mtimeMs,
      size: info.size,
      body: await readFile(file),
      etag: `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      type,
      encoded: compressible ? {} : null,
      ...(compressible ? {} : { headers: WHOLE_OR_IN_RANGES }),
    };
    cache.set(file, entry);
    return entry;
  }

  async function encodedBody(
    file: string,
    entry: CachedFile,
    encoded: Partial<Record<Encoding, Buffer>>,
    encoding: Encoding,
  ) {
    const existing = encoded[encoding];
    if (existing) return existing;
    const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const body = (await isFile(sibling))
      ? await readFile(sibling)
      : encoding === 'br'
        ? await brotli(entry.body, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
          })
        : await gzipAsync(entry.body, { level: 9 });
    encoded[encoding] = body;
    return body;
  }

  /** The cached file when it needs no look at the disk now; undefined otherwise. */
  function fresh(file: string, immutable: boolean): CachedFile | undefined {
    const known = cache.get(file);
    if (known && (immutable || performance.now() - known.checkedAt < RECHECK_MS)) return known;
    return undefined;
  }

  function respond(
    c: HonoCtx<AppEnv>,
    immutable: boolean,
    status: 200 | 404,
    entry: CachedFile,
  ): Response {
    const cacheControl = cacheControlOf(entry.type, immutable);
    // A range of a file sent as is, unless the client already has the file (304 first).
    const range = status === 200 && !entry.encoded ? rangeOf(c, entry) : null;
    if (range && !etagMatches(c.req.header('if-none-match'), entry.etag)) {
      return partial(c, cacheControl, entry, range);
    }
    return readyAnswer(c, entry, { status, cacheControl });
  }

  /**
   * The range asked of a file served as is (media, images; never a compressed one): none
   * when `If-Range` names another version. Our ETags are weak, and RFC 9110 lets only a
   * strong validator match `If-Range`, so a request with one gets the whole file.
   */
  function rangeOf(c: HonoCtx<AppEnv>, entry: CachedFile) {
    const header = c.req.header('range');
    if (header === undefined || c.req.header('if-range') !== undefined) return null;
    return byteRange(header, entry.size);
  }

  /** 206 with the asked bytes (a view of the cached body, not a copy), or 416. */
  function partial(
    c: HonoCtx<AppEnv>,
    cacheControl: string,
    entry: CachedFile,
    range: { start: number; end: number } | 'unsatisfiable',
  ): Response {
    const fileOwn: Record<string, string> = { ...readyHeaders(entry, 200, null, cacheControl) };
    delete fileOwn['Content-Length'];
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        headers: { ...ownHeaders(c), ...fileOwn, 'Content-Range': `bytes */${entry.size}` },
      });
    }
    const body = entry.body.subarray(range.start, range.end + 1);
    const headers = {
      ...ownHeaders(c),
      ...fileOwn,
      'Content-Range': `bytes ${range.start}-${range.end}/${entry.size}`,
      'Content-Length': String(body.byteLength),
    };
    return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 206,
      headers,
    });
  }

  /**
   * The file's response, or null when there is no such file. Synchronous when the file and
   * the encoding the client takes are already in memory (the usual case), so a hot file costs
   * no promise, no stat and no read.
   */
  function send(
    c: HonoCtx<AppEnv>,
    file: string,
    urlPath: string,
    status: 200 | 404 = 200,
  ): Response | null | Promise<Response | null> {
    const immutable = isHashedPath(urlPath);
    const known = fresh(file, immutable);
    if (known) {
      const encoding = known.encoded && preferredEncoding(c.req.header('accept-encoding'));
      if (!encoding || known.encoded?.[encoding]) return respond(c, immutable, status, known);
    }
    return (async () => {
      const entry = await load(file, immutable);
      if (!entry) return null;
      const encoding = entry.encoded && preferredEncoding(c.req.header('accept-encoding'));
      if (entry.encoded && encoding) await encodedBody(file, entry, entry.encoded, encoding);
      return respond(c, immutable, status, entry);
    })();
  }

  function resolveInside(urlPath: string): string | null {
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

  const notFound = (c: HonoCtx<AppEnv>) => c.text('Not found', 404);
  const indexFile = path.join(root, 'index.html');
  const appFile = path.join(root, 'app.html');
  /** The built pages and their precompressed copies: files only `/` and `page()` send. */
  const builtPages = new Set(
    [indexFile, appFile].flatMap((file) => [file, `${file}.br`, `${file}.gz`]),
  );

  /**
   * `/` is the prerendered home page; every other page is the router app. A page whose
   * address carries a secret gets no Referer sent from it (see SECRET_LINK_PAGES).
   */
  function page(c: HonoCtx<AppEnv>, urlPath: string): Response | Promise<Response> {
    const answer = servePage(c, urlPath);
    if (!SECRET_LINK_PAGES.has(urlPath)) return answer;
    const withoutReferrer = (res: Response) => {
      res.headers.set('Referrer-Policy', 'no-referrer');
      return res;
    };
    return answer instanceof Promise ? answer.then(withoutReferrer) : withoutReferrer(answer);
  }

  function servePage(c: HonoCtx<AppEnv>, urlPath: string): Response | Promise<Response> {
    const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) return notFound(c);
    // A path no client route matches still gets the app (its router shows the not-found
    // screen), but with the real status, so it is not indexed as a page.
    const home = urlPath === '/';
    const status = home || isClientRoute(urlPath) ? 200 : 404;
    const { appPage } = options;
    if (!home && appPage) {
      return appPage(c, status).then(
        async (rendered) =>
          rendered ?? (await send(c, appFile, '/app.html', status)) ?? notFound(c),
      );
    }
    const result = send(c, home ? indexFile : appFile, home ? '/index.html' : '/app.html', status);
    if (result instanceof Promise) return result.then((r) => r ?? notFound(c));
    return result ?? notFound(c);
  }

  return new Hono<AppEnv>().get('*', (c): Response | Promise<Response> => {
    const urlPath = c.req.path;
    const file = urlPath.endsWith('/') ? null : resolveInside(urlPath);
    if (!file) return page(c, urlPath);
    if (builtPages.has(file)) {
      // The home page's usual other address, without its query: one address per page.
      return file === indexFile ? c.redirect('/', 301) : notFound(c);
    }
    const result = send(c, file, urlPath);
    if (result instanceof Promise) return result.then((r) => r ?? page(c, urlPath));
    return result ?? page(c, urlPath);
  });
}

/**
 * Client pages opened from a mailed link with a token in the address (`/admin/invite?token=`):
 * the page and everything it loads send no Referer, so the token never reaches a proxy's or
 * another site's logs that way (docs/decisions/0031-invitations.md).
 */
const SECRET_LINK_PAGES: ReadonlySet<string> = new Set(['/admin/invite', '/admin/reset-password']);
