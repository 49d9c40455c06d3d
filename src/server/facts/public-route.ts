/**
 * The fast answers of GET /api/ai-facts and GET /api/trpc/facts.listPublic: the cached bytes
 * of src/server/facts/public-cache.ts (the same cache the procedure reads), an ETag and a 304 when
 * the client already has them. No tRPC context, no session, no JSON.stringify per request.
 */
import type { Context as HonoCtx, Next } from 'hono';
import type { Db } from '../../../db';
import type { AppEnv } from '../http/hono-env';
import { ownHeaders } from '../http/middleware';
import { publicFacts } from './public-cache';

/** If-None-Match holds this ETag (weak comparison, RFC 9110 section 13.1.2), or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) {
      return true;
    }
  }
  return false;
}

/**
 * `form` picks the body: the REST shape `{ success, facts }`, or tRPC's `{ result: { data } }`
 * for a single call. A tRPC request with a query string (batch, input) goes on to the
 * adapter, which answers it through the procedure and so from the same cache.
 */
export function publicFactsHandler(db: Db, form: 'rest' | 'trpc') {
  return async (c: HonoCtx<AppEnv>, next: Next) => {
    if (form === 'trpc' && c.req.url.includes('?')) return next();
    const ready = (await publicFacts(db))[form];
    const headers = {
      ...ownHeaders(c),
      'Content-Type': 'application/json',
      // Stored, but checked with the server on every use: an edit shows at once.
      'Cache-Control': 'no-cache',
      ETag: ready.etag,
    };
    if (etagMatches(c.req.header('if-none-match'), ready.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(ready.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
