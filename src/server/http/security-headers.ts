/**
 * The security headers every answer carries (docs/api.md): the content
 * security policy with the video host it allows, and the headers only a document obeys left
 * off scripts and stylesheets.
 */
import type { Context as HonoCtx, MiddlewareHandler } from 'hono';
import type { Config } from '#server/platform/config';
import type { AppEnv } from './hono-env';

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

/**
 * The policy with one more place a form may send the browser: the client's proposal page,
 * whose "Pay the deposit" form is answered by a redirect to Stripe's Checkout, and a form's
 * redirect is held to `form-action` too.
 */
export function withFormTarget(csp: string, origin: string): string {
  return csp
    .split('; ')
    .map((directive) =>
      directive.startsWith('form-action ') ? `${directive} ${origin}` : directive,
    )
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
  const base = c.get('baseHeaders');
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
  const base =
    type !== undefined && isSubresourceType(type)
      ? c.get('subresourceHeaders')
      : c.get('baseHeaders');
  // Mounted without the app's middleware (a test of one router): nothing to add.
  if (!base) return {};
  c.set('completeHeaders', true);
  const requestId = c.get('requestId');
  return requestId ? { ...base, 'X-Request-Id': requestId } : { ...base };
}
