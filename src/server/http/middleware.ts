import { randomUUID } from 'node:crypto';
import type { Context as HonoCtx, MiddlewareHandler } from 'hono';
import { clientIp } from './context';
import { isCrossSite } from './cross-site';
import { logAddress } from '#server/platform/address';
import type { AppEnv } from './hono-env';
import { errorBody } from './errors';
import { routeName } from './route-name';
import type { AppDeps } from './trpc';

/** Bodies over 64 KiB are refused (docs/api.md). */
export const MAX_BODY_BYTES = 65_536;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives every request an id (also sent back as X-Request-Id, and named in 500 bodies) and
 * writes one log line when it ends. Only method, path, status, time and the client's network
 * (its /24 or /48, never the full address: platform/address.ts) are logged: never headers
 * (cookies) or query strings, and the path as its route's template (`/p/:token`, the name the
 * metrics and spans use: route-name.ts), never with a link's token or other value in it.
 * Paths in `anonymous` are logged without the address: the analytics beacon's, whose promise
 * is that no visit is tied to an address (docs/analytics.md).
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
        path: routeName(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(anonymous.has(c.req.path)
          ? {}
          : { ip: logAddress(clientIp(c, deps.config.trustProxy)) }),
      });
    }
  };
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

/**
 * Checks for requests to /api, in the precedence order of docs/api.md: too large
 * (413), then not JSON (415), then cross-site (403). Hono's csrf() only covers form bodies,
 * which is why the origin check is done here for JSON and tRPC calls too.
 */
export function apiGuards(
  deps: Pick<AppDeps, 'config' | 'db'>,
  /** Paths that also take one other media type than JSON (the newsletter's one-click). */
  formPaths: Record<string, string> = {},
  /**
   * Paths that take an upload: a multipart body, up to their own limit (media uploads). A
   * `streamed` one is not read here: its handler reads the body as it streams, counting its
   * bytes against the limit, after checking who sends it (engagements/files/).
   */
  uploadPaths: readonly {
    pattern: RegExp;
    maxBodyBytes: number;
    mediaType: string;
    streamed?: boolean;
  }[] = [],
  /**
   * Whether the request carries a signed-in session's sealed cookie (identity/, given by the
   * composition). Only then does an upload path take its larger body: a stranger's upload is
   * held to the API's 64 KiB like any other request, so it cannot make the server buffer
   * megabytes before the procedure answers 401.
   */
  holdsSession: (c: HonoCtx<AppEnv>) => Promise<boolean> = async () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (!BODY_METHODS.has(method)) return next();

    const upload = uploadPaths.find((path) => path.pattern.test(c.req.path));
    const streamed = upload?.streamed === true;
    const limit =
      upload && (streamed || (await holdsSession(c))) ? upload.maxBodyBytes : MAX_BODY_BYTES;
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limit) {
      return refuse(c, 413, `Request body is too large: at most ${limit} bytes`);
    }
    const body = streamed ? null : await bufferBody(c, limit);
    if (!streamed && !body) {
      return refuse(c, 413, `Request body is too large: at most ${limit} bytes`);
    }

    const contentType = c.req.header('content-type');
    const accepted = (type: string) =>
      isJson(type) ||
      mediaType(type) === formPaths[c.req.path] ||
      mediaType(type) === upload?.mediaType;
    const sent = streamed ? c.req.raw.body !== null : (body?.byteLength ?? 0) > 0;
    if (contentType !== undefined ? !accepted(contentType) : sent) {
      return refuse(c, 415, 'Request body must be JSON (Content-Type: application/json)');
    }

    if (await isCrossSite(c, deps)) {
      return refuse(c, 403, 'Cross-site requests are not allowed');
    }
    return next();
  };
}
