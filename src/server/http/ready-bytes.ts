/**
 * The one answer for bytes held in memory with an ETag: the built client's files
 * (http/static.ts), the pages rendered from the saved content (content/pages.ts) and the
 * visitors' facts (facts/public-route.ts). If-None-Match gives a 304, Accept-Encoding picks
 * the br or gzip copy, and Content-Type, Cache-Control and Content-Length go with it. The
 * headers of each kind of answer are built once per bytes and kept: a hot file costs no
 * header building per request.
 */
import type { Context as HonoCtx } from 'hono';
import { etagMatches } from './etag';
import type { AppEnv } from './hono-env';
import { ownHeaders } from './security-headers';

export type Encoding = 'br' | 'gzip';

/** Bytes ready to send. */
export interface ReadyBytes {
  body: Buffer;
  etag: string;
  /** The Content-Type. */
  type: string;
  /**
   * Compressed copies of body, for bytes worth compressing (their answers vary by
   * Accept-Encoding); null sends body as is. A copy not (yet) there sends body as is too.
   */
  encoded: Partial<Record<Encoding, Buffer>> | null;
  /** Headers that belong to these bytes in every answer (e.g. `Accept-Ranges`). */
  headers?: Readonly<Record<string, string>>;
}

export interface ReadyAnswer {
  /** 200, or 404 for a not-found page sent with its body (never answered with 304). */
  status?: 200 | 404;
  cacheControl: string;
  /** Headers of this one answer, over the others (e.g. a page's own CSP). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Cache-Control for bytes whose address stays the same when they change (revalidated by ETag
 * each time), or for a content-hashed address (a changed file gets a new name).
 */
export function cacheControlOf(type: string, immutable = false): string {
  if (immutable) return 'public, max-age=31536000, immutable';
  return type.startsWith('text/html') ? 'no-cache' : 'public, max-age=0, must-revalidate';
}

/** The encodings the client accepts, best first; q=0 means "not this one". */
function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return (['br', 'gzip'] as const).filter((e) => accepted.has(e) || accepted.has('*'));
}

/** Accept-Encoding values seen lately and the encoding each gets (browsers send a handful). */
const encodingByHeader = new Map<string, Encoding | null>();

export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = acceptedEncodings(header)[0] ?? null;
    if (encodingByHeader.size >= 64) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/** Per bytes, their answers' headers by status, encoding and Cache-Control. */
const headerSets = new WeakMap<ReadyBytes, Map<string, Readonly<Record<string, string>>>>();

/**
 * The headers the bytes themselves give an answer with that status and encoding (no security
 * headers): built once, then shared. A 304 has no body, so no length or encoding; a 404 has
 * no ETag, as it is never answered with 304.
 */
export function readyHeaders(
  ready: ReadyBytes,
  status: 200 | 304 | 404,
  encoding: Encoding | null,
  cacheControl: string,
): Readonly<Record<string, string>> {
  let sets = headerSets.get(ready);
  if (!sets) {
    sets = new Map();
    headerSets.set(ready, sets);
  }
  const key = `${status} ${encoding ?? ''} ${cacheControl}`;
  let headers = sets.get(key);
  if (!headers) {
    const body = status === 304 ? null : ((encoding && ready.encoded?.[encoding]) ?? ready.body);
    headers = Object.freeze({
      'Content-Type': ready.type,
      'Cache-Control': cacheControl,
      ...(status === 404 ? {} : { ETag: ready.etag }),
      ...(ready.encoded ? { Vary: 'Accept-Encoding' } : {}),
      ...ready.headers,
      ...(body && encoding ? { 'Content-Encoding': encoding } : {}),
      ...(body ? { 'Content-Length': String(body.byteLength) } : {}),
    });
    sets.set(key, headers);
  }
  return headers;
}

/** The answer to a GET or HEAD for these bytes: 304, or the bytes in the best encoding. */
export function readyAnswer(
  c: HonoCtx<AppEnv>,
  ready: ReadyBytes,
  { status = 200, cacheControl, headers: own }: ReadyAnswer,
): Response {
  if (status === 200 && etagMatches(c.req.header('if-none-match'), ready.etag)) {
    const headers = {
      ...ownHeaders(c, ready.type),
      ...readyHeaders(ready, 304, null, cacheControl),
      ...own,
    };
    return new Response(null, { status: 304, headers });
  }
  const wanted = ready.encoded ? preferredEncoding(c.req.header('accept-encoding')) : null;
  const encoding = wanted && ready.encoded?.[wanted] ? wanted : null;
  const body = (encoding && ready.encoded?.[encoding]) || ready.body;
  const headers = {
    ...ownHeaders(c, ready.type),
    ...readyHeaders(ready, status, encoding, cacheControl),
    ...own,
  };
  // The kept Buffer itself (a Uint8Array), not a copy per request.
  return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status,
    headers,
  });
}
