/**
 * The first middleware of the app: each request counted and timed for /metrics and, with
 * tracing on, a span (docs/operations.md), both under its route template (the request log's
 * name too: http/route-name.ts).
 * With neither on when the app is made (tracing starts before it, in server.ts) there is no
 * such middleware: a request pays nothing for them.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import { inSpan, tracingOn } from '#server/platform/spans';
import type { HttpMetrics } from './metrics';
import { routeName } from '#server/http/route-name';

export function observeRequests(metrics: HttpMetrics | null): MiddlewareHandler<AppEnv> | null {
  if (metrics === null && !tracingOn()) return null;
  const answered = async (
    c: Parameters<MiddlewareHandler<AppEnv>>[0],
    next: () => Promise<void>,
  ) => {
    const started = performance.now();
    await next();
    const route = routeName(c);
    metrics?.observe(route, c.req.method, c.res.status, (performance.now() - started) / 1000);
    return route;
  };
  return async (c, next) => {
    if (!tracingOn()) {
      if (metrics) await answered(c, next);
      else await next();
      return;
    }
    await inSpan(
      `${c.req.method}`,
      { 'http.request.method': c.req.method },
      async (span) => {
        const route = await answered(c, next);
        span.rename(`${c.req.method} ${route}`);
        span.set({ 'http.route': route, 'http.response.status_code': c.res.status });
        if (c.res.status >= 500) span.fail(undefined);
      },
      'server',
    );
  };
}
