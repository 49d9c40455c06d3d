/**
 * The first middleware of the app: with tracing on, each request a span (@hono/otel's,
 * request-spans.ts; docs/operations.md, "Traces"), and with METRICS_TOKEN each request counted
 * and timed for /metrics under its route template (the request log's name too:
 * http/route-name.ts).
 * With neither on when the app is made (tracing starts before it, in server.ts) there is no
 * such middleware: a request pays nothing for them.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import type { HttpMetrics } from './metrics';
import { routeName } from '#server/http/route-name';
import { requestSpans } from './request-spans';

function countRequests(metrics: HttpMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    metrics.observe(routeName(c), c.req.method, c.res.status, seconds);
  };
}

export function observeRequests(metrics: HttpMetrics | null): MiddlewareHandler<AppEnv> | null {
  const traced = requestSpans();
  const counted = metrics ? countRequests(metrics) : null;
  if (traced && counted) {
    // The count inside the span: its time is the request's, as before.
    return (c, next) =>
      traced(c, async () => {
        await counted(c, next);
      });
  }
  return traced ?? counted;
}
