import { randomUUID } from 'node:crypto';
import type { Context as HonoCtx, MiddlewareHandler } from 'hono';
import type { Config } from '#server/platform/config';
import { clientIp } from './context';
import { logAddress } from '#server/platform/address';
import type { AppEnv } from './hono-env';
import { errorBody } from './errors';
import type { AppDeps } from './trpc';
import { siteSettings } from '#server/platform/site-settings';

/** Bodies over 64 KiB are refused (docs/api.md). */
export const MAX_BODY_BYTES = 65_536;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives every request an id (also sent back as X-Request-Id, and named in 500 bodies) and
 * writes one log line when it ends. Only method, path, status, time and the client's network
 * (its /24 or /48, never the full address: platform/address.ts) are logged: never headers
 * (cookies) or query strings. Paths in `anonymous` are logged without the
 * address: the analytics beacon's, whose promise is that no visit is tied to an address
 * (docs/analytics.md).
 */
export function requestLog(
  deps: Pick<AppDeps, 'logger' | 'config'>,
  anonymous: ReadonlySet<string> = new Set(),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!c.get('completeHeaders')) c.header('X-Request-Id', requestId);
      deps.logger.info('request', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(anonymous.has(c.req.path)
          ? {}
          : { ip: logAddress(clientIp(c, deps.config.trustProxy)) }),
      });
    }
  };
}

export interface SecurityOptions {
  /** sha256 hashes ('sha256-…') of inline scripts the served HTML needs, e.g. a theme script. */
  scriptHashes?: readonly string[];
}

/** Thumbnail hosts of the video services whose player may be framed. */
const THUMBNAIL_HOSTS: Record<string, string> = {
  'https://www.youtube.com': 'https://i.ytimg.com',
  'https://www.youtube-nocookie.com': 'https://i.ytimg.com',
  'https://player.vimeo.com': 'https://i.vimeocdn.com',
};

/**
 * The policy with another video host allowed (or none): the home page's answer follows the
 * video address of the content it shows (content/pages.ts), whatever the app started with.
 */
export function withVideoHost(csp: string, frameHost: string | null): string {
  const thumbnailHost = frameHost ? THUMBNAIL_HOSTS[frameHost] : undefined;
  return csp
    .split('; ')
    .map((directive) => {
      if (directive.startsWith('frame-src ')) return `frame-src ${frameHost ?? "'none'"}`;
      if (directive.startsWith('img-src ')) {
        return ['img-src', "'self'", 'data:', ...(thumbnailHost ? [thumbnailHost] : [])].join(' ');
      }
      return directive;
    })
    .join('; ');
}

export function contentSecurityPolicy(config: Config, options: SecurityOptions = {}): string {
  const frameHost = config.videoFrameHost;
  const thumbnailHost = frameHost ? THUMBNAIL_HOSTS[frameHost] : undefined;
  const hashes = (options.scriptHashes ?? []).map((hash) => `'${hash.replace(/^'|'$/g, '')}'`);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes],
    // Components set inline style attributes (animations, carousel transforms); styles
    // cannot run code, so allowing them inline does not reopen script injection.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...(thumbnailHost ? [thumbnailHost] : [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['frame-src', frameHost ?? "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * An answer the site's own pages may frame (a route's `framedBySameOrigin`: the admin's entry
 * preview): the app's policy with `frame-ancestors 'self'`, and `X-Frame-Options: SAMEORIGIN`
 * for browsers that only read that; `securityHeaders` then leaves both as set here.
 */
export function framedBySameOrigin(c: HonoCtx<AppEnv>, headers: Headers): void {
  const base = c.get('baseHeaders') as AppEnv['Variables']['baseHeaders'] | undefined;
  const csp = base?.['Content-Security-Policy'];
  if (!csp) return;
  headers.set(
    'Content-Security-Policy',
    csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  );
  headers.set('X-Frame-Options', 'SAMEORIGIN');
}

/** The headers every answer carries, computed once per app. */
export function securityHeaderRecord(
  config: Config,
  options: SecurityOptions = {},
): Readonly<Record<string, string>> {
  return Object.freeze({
    'Content-Security-Policy': contentSecurityPolicy(config, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites' pages may not load our files (images, scripts) into theirs; the uploaded
    // logo and sharing image, read in mail, are the exception (media/serve.ts).
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Powerful features no page of the site uses stay off, for embedded frames too.
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()',
    // Over plain http (development, tests) HSTS would only be ignored or, worse, pin a
    // local name to https; production runs behind TLS.
    ...(config.production
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  });
}

/**
 * The headers only a document obeys: its scripts' and frames' policy, who may frame it, its
 * opener and its features. A script or a stylesheet carries them for nothing, about 800 bytes
 * on each file of the home page's first load (docs/decisions/0046-document-headers-on-documents.md).
 */
const DOCUMENT_ONLY = new Set([
  'Content-Security-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
]);

/** What a script or stylesheet is answered with: the record without the document-only headers. */
function subresourceRecord(record: Readonly<Record<string, string>>) {
  return Object.freeze(
    Object.fromEntries(Object.entries(record).filter(([name]) => !DOCUMENT_ONLY.has(name))),
  );
}

/** A script or a stylesheet, never run or shown as a document of its own. */
export function isSubresourceType(type: string): boolean {
  return /^(text\/javascript|text\/css|application\/javascript)\b/.test(type);
}

/**
 * Puts the security headers on every answer. Hot handlers (public facts, static files) build
 * their response with a plain header object from `ownHeaders` instead: the headers are then
 * written as they are, without a Headers object or a copy of the response per request.
 */
export function securityHeaders(
  config: Config,
  options: SecurityOptions = {},
): MiddlewareHandler<AppEnv> {
  const record = securityHeaderRecord(config, options);
  const subresource = subresourceRecord(record);
  const entries = Object.entries(record);
  return async (c, next) => {
    c.set('baseHeaders', record);
    c.set('subresourceHeaders', subresource);
    await next();
    if (c.get('completeHeaders')) return;
    const headers = c.res.headers;
    // A handler that set one of them on purpose keeps its stricter value (the newsletter
    // link pages' Referrer-Policy).
    for (const [name, value] of entries) if (!headers.has(name)) headers.set(name, value);
  };
}

/**
 * The security headers and X-Request-Id as a plain object, for a handler that builds its
 * own Response; the middleware then leaves that response alone. With the answer's media type,
 * a script or stylesheet gets the headers that mean something for it (`isSubresourceType`).
 */
export function ownHeaders(c: HonoCtx<AppEnv>, type?: string): Record<string, string> {
  const base = (
    type !== undefined && isSubresourceType(type)
      ? c.get('subresourceHeaders')
      : c.get('baseHeaders')
  ) as AppEnv['Variables']['baseHeaders'] | undefined;
  // Mounted without the app's middleware (a test of one router): nothing to add.
  if (!base) return {};
  c.set('completeHeaders', true);
  const requestId = c.get('requestId') as string | undefined;
  return requestId ? { ...base, 'X-Request-Id': requestId } : { ...base };
}

function refuse(c: HonoCtx<AppEnv>, status: 403 | 413 | 415, message: string): Response {
  return c.json(errorBody(message), status);
}

/**
 * Reads the body up front, at most `limit` (MAX_BODY_BYTES but on an upload path) + 1 of it: a declared Content-Length is
 * not the only way to send a big body (chunked uploads have none). The buffered bytes are
 * put back as the request's body for the handlers. Null: the body is too large.
 */
export async function bufferBody(c: HonoCtx<AppEnv>, limit: number): Promise<Uint8Array | null> {
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw.url, {
    method: c.req.raw.method,
    headers: withLowerCaseMediaType(c.req.raw.headers),
    body: size > 0 ? body : null,
    signal: c.req.raw.signal,
  });
  return body;
}

const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase();
const isJson = (contentType: string) => mediaType(contentType) === 'application/json';

/**
 * Media types are case-insensitive (RFC 9110), but tRPC compares `application/json`
 * byte for byte: handlers behind the guards see the type in lower case, parameters kept.
 */
function withLowerCaseMediaType(headers: Headers): Headers {
  const contentType = headers.get('content-type');
  if (contentType === null) return headers;
  const [type = '', ...params] = contentType.split(';');
  const copy = new Headers(headers);
  copy.set('content-type', [type.trim().toLowerCase(), ...params].join(';'));
  return copy;
}

/**
 * API answers hold people's data (messages, subscribers, who is signed in): no browser or
 * shared cache keeps them unless a handler says otherwise (the public facts: `no-cache` with
 * an ETag; they build their own complete headers and are left alone here).
 */
export function noStoreByDefault(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.get('completeHeaders') || c.res.headers.has('cache-control')) return;
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/**
 * tRPC decodes the procedure path itself and answers a malformed percent-escape (`%ZZ`) with
 * a 500; it is the client's mistake, so it gets a 400 here.
 */
export function decodablePath(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.json(errorBody('Malformed percent-encoding in the path'), 400);
    }
    return next();
  };
}

/**
 * tRPC writes its own early errors (a batch mixing queries and mutations, an unsupported
 * content type) as JSON labelled text/plain; every answer under /api is labelled JSON.
 */
export function jsonContentType(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type');
    if (!type?.toLowerCase().startsWith('application/json')) {
      c.res.headers.set('content-type', 'application/json');
    }
  };
}

/** The host the request was sent to, by its own Host header. */
function requestHost(c: HonoCtx<AppEnv>): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
}

async function isCrossSite(c: HonoCtx<AppEnv>, siteHost: () => Promise<string>): Promise<boolean> {
  const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    // "null" (sandboxed frames, some redirects) or garbage: not provably our own page.
    return true;
  }
  // Our pages are served from the site address's host, which a proxy that rewrites Host hides
  // from us, or from the request's own Host when nothing rewrites it. X-Forwarded-Host is never
  // read: a proxy that passes it on unchecked would let a request name whatever host its
  // Origin has. Hosts, not schemes, are compared: behind a TLS proxy the app sees plain http.
  // The address is read only when the request's own Host does not already match.
  return originHost !== requestHost(c) && originHost !== (await siteHost());
}

/**
 * Checks for requests to /api, in the precedence order of docs/api.md: too large
 * (413), then not JSON (415), then cross-site (403). Hono's csrf() only covers form bodies,
 * which is why the origin check is done here for JSON and tRPC calls too.
 */
export function apiGuards(
  deps: Pick<AppDeps, 'config' | 'db'>,
  /** Paths that also take one other media type than JSON (the newsletter's one-click). */
  formPaths: Record<string, string> = {},
  /** Paths that take an upload: a multipart body, up to their own limit (media uploads). */
  uploadPaths: readonly { pattern: RegExp; maxBodyBytes: number; mediaType: string }[] = [],
  /**
   * Whether the request carries a signed-in session's sealed cookie (identity/, given by the
   * composition). Only then does an upload path take its larger body: a stranger's upload is
   * held to the API's 64 KiB like any other request, so it cannot make the server buffer
   * megabytes before the procedure answers 401.
   */
  holdsSession: (c: HonoCtx<AppEnv>) => Promise<boolean> = async () => false,
): MiddlewareHandler<AppEnv> {
  const siteHost = async () => new URL((await siteSettings(deps)).address).host;
  return async (c, next) => {
    const method = c.req.method;
    if (!BODY_METHODS.has(method)) return next();

    const upload = uploadPaths.find((path) => path.pattern.test(c.req.path));
    const limit = upload && (await holdsSession(c)) ? upload.maxBodyBytes : MAX_BODY_BYTES;
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limit) {
      return refuse(c, 413, `Request body is too large: at most ${limit} bytes`);
    }
    const body = await bufferBody(c, limit);
    if (!body) return refuse(c, 413, `Request body is too large: at most ${limit} bytes`);

    const contentType = c.req.header('content-type');
    const accepted = (type: string) =>
      isJson(type) ||
      mediaType(type) === formPaths[c.req.path] ||
      mediaType(type) === upload?.mediaType;
    if (contentType !== undefined ? !accepted(contentType) : body.byteLength > 0) {
      return refuse(c, 415, 'Request body must be JSON (Content-Type: application/json)');
    }

    if (await isCrossSite(c, siteHost)) {
      return refuse(c, 403, 'Cross-site requests are not allowed');
    }
    return next();
  };
}
