/**
 * The visitors' facts, answered from the ready bytes of public-cache.ts (the cache the
 * `facts.listPublic` procedure reads too), with an ETag and a 304 when the client already has
 * them (http/ready-bytes.ts): no tRPC context, no session, no JSON.stringify per request. Two addresses:
 * GET /api/ai-facts (the REST body) and GET /api/trpc/facts.listPublic without a query string
 * (the home page's one query, tRPC's single-call body). A tRPC call with a query string
 * (a batch, an input) goes on to the adapter, which answers it through the procedure.
 * docs/decisions explains why this fast path lives inside createApp.
 */
import { Hono, type Context as HonoCtx, type Next } from 'hono';
import type { Db } from '#db';
import type { AppEnv } from '#server/http/hono-env';
import { readyAnswer } from '#server/http/ready-bytes';
import { publicFacts } from './public-cache';

function answer(db: Db, form: 'rest' | 'trpc') {
  return async (c: HonoCtx<AppEnv>, next: Next) => {
    if (form === 'trpc' && c.req.url.includes('?')) return next();
    // Stored, but checked with the server on every use: an edit shows at once.
    return readyAnswer(c, (await publicFacts(db))[form], { cacheControl: 'no-cache' });
  };
}

/** Mounted under /api ahead of the tRPC adapter and the REST adapter (http/rest.ts). */
export function publicFactsRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/ai-facts', answer(db, 'rest'))
    .get('/trpc/facts.listPublic', answer(db, 'trpc'));
}
