/**
 * One file of the built client sent (http/static.ts decides which): kept in memory and
 * compared with the disk at most once a second (never again for a hashed asset), compressed
 * once when the client accepts it (a precompressed .br/.gz sibling first), and sent whole or,
 * for a file sent as is, in the byte range asked.
 */
import { readFile, stat } from 'node:fs/promises';
import { constants as zlibConstants } from 'node:zlib';
import type { Context as HonoCtx } from 'hono';
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

/** The built client's files as read, by their path on disk: one per serveClient. */
export class FileCache {
  private readonly files = new Map<string, CachedFile>();

  /** The cached file when it needs no look at the disk now; undefined otherwise. */
  fresh(file: string, immutable: boolean): CachedFile | undefined {
    const known = this.files.get(file);
    if (known && (immutable || performance.now() - known.checkedAt < RECHECK_MS)) return known;
    return undefined;
  }

  /** The file, read again only when the disk says it changed; null when there is none. */
  async load(file: string, immutable: boolean): Promise<CachedFile | null> {
    const known = this.files.get(file);
    const now = performance.now();
    if (known && (immutable || now - known.checkedAt < RECHECK_MS)) return known;
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) {
      this.files.delete(file);
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
    this.files.set(file, entry);
    return entry;
  }
}

/** The file's copy in that encoding: its precompressed sibling, else compressed once, kept. */
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

/**
 * The file's response, or null when there is no such file. Synchronous when the file and
 * the encoding the client takes are already in memory (the usual case), so a hot file costs
 * no promise, no stat and no read.
 */
export function sendFile(
  c: HonoCtx<AppEnv>,
  files: FileCache,
  file: string,
  urlPath: string,
  status: 200 | 404 = 200,
): Response | null | Promise<Response | null> {
  const immutable = isHashedPath(urlPath);
  const known = files.fresh(file, immutable);
  if (known) {
    const encoding = known.encoded && preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding || known.encoded?.[encoding]) return respond(c, immutable, status, known);
  }
  return (async () => {
    const entry = await files.load(file, immutable);
    if (!entry) return null;
    const encoding = entry.encoded && preferredEncoding(c.req.header('accept-encoding'));
    if (entry.encoded && encoding) await encodedBody(file, entry, entry.encoded, encoding);
    return respond(c, immutable, status, entry);
  })();
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
