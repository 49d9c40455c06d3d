/**
 * The one name a request is written under, in its log line, its span and its metric labels
 * (docs/operations.md, "Logs", "Metrics", "Traces"): the template of the route that answered
 * it (`/p/:token`, `/api/leads/:id`), never the raw path. A path holds what must not be
 * written anywhere (a proposal link's token, an address in `/api/suppressions/<email>`) and
 * whatever a scanner tries (each a new time series); the query string is never part of it.
 * Hono knows the template of the handler that answered (`routePath`); a request no route
 * answered gets one fixed name, marked by the app's not-found handler.
 */
import type { Context, NotFoundHandler } from 'hono';
import { routePath } from 'hono/route';

/** The name of every request that matched no route. */
export const UNMATCHED_ROUTE = 'unmatched';

const unmatched = new WeakSet<Request>();

/** The app's not-found handler (app.ts): Hono's own answer, with the request marked. */
export const notFoundRoute: NotFoundHandler = (c) => {
  unmatched.add(c.req.raw);
  return c.text('404 Not Found', 404);
};

/**
 * After the response: the template of the handler that gave it (tRPC: `/api/trpc/*`; the
 * built client's pages and files: `*`), or UNMATCHED_ROUTE.
 */
export function routeName(c: Context): string {
  if (unmatched.has(c.req.raw)) return UNMATCHED_ROUTE;
  return routePath(c) || UNMATCHED_ROUTE;
}
