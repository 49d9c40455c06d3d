/**
 * GET /metrics in the Prometheus text format (docs/operations.md, "Metrics"), on a registry of
 * this app's own (never prom-client's global one, which any library could fill). With
 * METRICS_TOKEN unset nothing here is made: /metrics answers 404 and requests are not counted.
 * Counts kept in the database (mail, reports, AI tokens, assistant questions) are read at
 * scrape time, so every instance reports the same site-wide figures; the request counts,
 * the event loop and the memory are this process's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { Hono, type MiddlewareHandler } from 'hono';
import type * as PromClient from 'prom-client';
import type { AppDeps } from '#server/http/trpc';
import type { AppEnv } from '#server/http/hono-env';
import { loggableError } from '#server/platform/logger';
import { errorBody } from '#server/http/errors';
import { SCRAPE_GAUGES } from './scrape-gauges';

export interface HttpMetrics {
  /** One answered request: its route template, method, status and seconds taken. */
  observe(route: string, method: string, status: number, seconds: number): void;
}

export interface Metrics {
  /** Null without METRICS_TOKEN: nothing is counted. */
  http: HttpMetrics | null;
  /** GET /metrics; without METRICS_TOKEN a 404, ahead of the built client's pages. */
  routes: Hono<AppEnv>;
}

/** Request durations' buckets, in seconds: a page's few milliseconds up to a slow AI answer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const require = createRequire(import.meta.url);

/** Equal-length digests compared in constant time: the token's length is not told either. */
function sameToken(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The metrics of one app; without METRICS_TOKEN none, and /metrics is 404. */
export function createMetrics(deps: AppDeps): Metrics {
  const token = deps.config.operations.metricsToken;
  if (token === null) {
    const routes = new Hono<AppEnv>().get('/metrics', (c) => c.json(errorBody('Not found'), 404));
    return { http: null, routes };
  }
  // Loaded only here: a site without METRICS_TOKEN never holds prom-client (14 MB of the
  // start; docs/performance.md, "Production start"). A CommonJS package, so loaded in step
  // with createApp, which is synchronous.
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } =
    require('prom-client') as typeof PromClient;
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), memory (process_resident_memory_bytes,
  // nodejs_heap_*), CPU and handles: prom-client's own, on this registry.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until its response started), by route template',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  for (const gauge of SCRAPE_GAUGES) {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: gauge.labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await gauge.read(deps)) this.set(labels, value);
        } catch (error) {
          // A scrape still answers: the other figures are this process's and still true.
          deps.logger.error('metrics.read_failed', {
            metric: gauge.name,
            error: loggableError(error),
          });
        }
      },
    });
  }

  const requireToken: MiddlewareHandler<AppEnv> = async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
    if (!sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(errorBody('A valid bearer token is required'), 401);
    }
    await next();
  };

  const routes = new Hono<AppEnv>().get('/metrics', requireToken, async (c) => {
    const body = await registry.metrics();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': registry.contentType });
  });

  return {
    routes,
    http: {
      observe(route, method, status, seconds) {
        const labels = { route, method, status: String(status) };
        requests.inc(labels);
        duration.observe(labels, seconds);
      },
    },
  };
}
