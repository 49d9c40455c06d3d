import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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
  type ReadyBytes,
} from './ready-bytes';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than the headers it adds. */
const MIN_COMPRESS_BYTES = 1024;
/**
 * A cached file is compared with the disk at most this often; hashed assets (/assets/) never
 * again, as a changed file gets a new name. A stat per request cost a thread-pool round trip.
 */
const RECHECK_MS = 1000;

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (a video being seeked):
 * `{ start, end }` (inclusive), 'unsatisfiable' (416), or null to answer with the whole file,
 * which RFC 9110 allows for anything else (several ranges, another unit, bad syntax).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A file as read, with its compressed copies once made (`encoded` is null: not worth it). */
interface CachedFile extends ReadyBytes {
  /** When the file was last compared with the disk (performance.now()). */
  checkedAt: number;
  mtimeMs: number;
  size: number;
}

/** A file sent as is can be sent in parts (a video being seeked). */
const WHOLE_OR_IN_RANGES: Readonly<Record<string, string>> = Object.freeze({
  'Accept-Ranges': 'bytes',
});

function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Folders whose files are named by their content's hash: Vite's build output (/assets/) and
 * the bundled demo video's files (/media/, written by scripts/demo-video/make.ts).
 */
const HASHED_FOLDERS = ['/assets/', '/media/'];

export function isHashedPath(urlPath: string): boolean {
  return HASHED_FOLDERS.some((folder) => urlPath.startsWith(folder));
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

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
