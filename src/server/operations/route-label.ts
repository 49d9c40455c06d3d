/**
 * What a request is counted and traced under: the route template that answered it, never the
 * raw path (a path holds slugs, tokens and whatever a scanner tries, each a new time series).
 * Hono knows the template of the handler that answered (`routePath`); a request no route
 * answered gets one fixed label, marked by the app's not-found handler.
 */
import type { Context, NotFoundHandler } from 'hono';
import { routePath } from 'hono/route';

/** The label of every request that matched no route. */
export const UNMATCHED_ROUTE = 'unmatched';

const unmatched = new WeakSet<Request>();

/** The app's not-found handler (app.ts): Hono's own answer, with the request marked. */
export const notFoundRoute: NotFoundHandler = (c) => {
  unmatched.add(c.req.raw);
  return c.text('404 Not Found', 404);
};

/** After the response: the template of the handler that gave it (tRPC: `/api/trpc/*`). */
export function routeLabel(c: Context): string {
  if (unmatched.has(c.req.raw)) return UNMATCHED_ROUTE;
  return routePath(c) || UNMATCHED_ROUTE;
}
