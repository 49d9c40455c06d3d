/**
 * A request is named by the template of the route that answered it, in its log line, its span
 * and its metric labels alike (route-name.ts; docs/operations.md, "Logs"): a proposal's link
 * (`/p/<token>`, `/api/p/<token>/accept`), an address in `/api/suppressions/<email>` or any
 * other value in a path never reaches them, nor does a query string (`?token=`, as the
 * newsletter's, a booking's, an invitation's and a reset's links carry theirs). The table is
 * the app's own list of routes: a route added tomorrow is in it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newToken } from '#server/platform/tokens';
import { startTracing, type Tracing } from '#server/operations/tracing';
import { createTestApp, testConfig } from '#tests/support/app';
import { startOtlpReceiver, type OtlpReceiver } from '#tests/support/otlp-receiver';
import { UNMATCHED_ROUTE } from './route-name';

const METRICS_TOKEN = 'a-metrics-token-long-enough';

let receiver: OtlpReceiver;
let tracing: Tracing | null;

beforeEach(async () => {
  receiver = await startOtlpReceiver();
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
});

afterEach(async () => {
  // The tracer is the process's: taken away again so no later test file runs traced.
  await tracing?.shutdown();
  await receiver.close();
});

const withMetrics = () =>
  createTestApp({
    config: testConfig({
      operations: {
        metricsToken: METRICS_TOKEN,
        otlpEndpoint: null,
        serviceName: null,
        shutdownSeconds: 10,
      },
    }),
  });

/** Every route with a value in its path (`:token`, `:id`, `:email`…), once per method. */
function parameterisedRoutes(routes: readonly { method: string; path: string }[]) {
  const seen = new Map<string, { method: string; template: string }>();
  for (const { method, path } of routes) {
    if (!path.includes('/:')) continue;
    seen.set(`${method} ${path}`, { method: method === 'ALL' ? 'GET' : method, template: path });
  }
  return [...seen.values()];
}

/** The template with a fresh token in place of each of its values. */
function filledIn(template: string): { path: string; secrets: string[] } {
  const secrets: string[] = [];
  const path = template.replace(/:[A-Za-z]+(\{[^}]*\})?/g, () => {
    const secret = newToken();
    secrets.push(secret);
    return secret;
  });
  return { path, secrets };
}

describe('a request is named by its route template', () => {
  it('for every route with a value in its path, requests sent at once: no value in a log line, a span or a metric label', async () => {
    const { app, deps } = await withMetrics();
    const table = parameterisedRoutes(app.routes).map((route) => {
      const { path, secrets } = filledIn(route.template);
      const query = newToken();
      return { ...route, url: `${path}?token=${query}`, secrets: [...secrets, query] };
    });
    // The routes of the issue are in it: the proposal's page, its API and its form posts.
    for (const template of ['/p/:token', '/p/:token/accept', '/api/p/:token/accept']) {
      expect(table.map((route) => route.template)).toContain(template);
    }
    expect(table.length).toBeGreaterThan(50);

    const answers = await Promise.all(
      table.map((route) => app.request(route.url, { method: route.method })),
    );
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    const metrics = await (
      await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    await tracing!.shutdown();
    tracing = null;

    const requestLines = deps.logger.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'request');
    table.forEach((route, i) => {
      const line = requestLines.find(
        (l) => l.requestId === answers[i]!.headers.get('x-request-id'),
      );
      // Its own template, or none when no route answered it (an entry page of an unknown slug).
      expect([route.template, UNMATCHED_ROUTE], `${route.method} ${route.url}`).toContain(
        line?.path,
      );
    });
    // A server span each (and the scrape's own).
    const spans = receiver
      .spans()
      .filter((span) => span.kind === 2 && span.name !== 'GET /metrics');
    expect(spans).toHaveLength(table.length);

    const written = [deps.logger.lines.join('\n'), metrics, JSON.stringify(receiver.received)];
    for (const route of table) {
      for (const secret of route.secrets) {
        for (const text of written)
          expect(text, `${route.method} ${route.url}`).not.toContain(secret);
      }
    }
  });

  it('names the proposal link’s page and API by their templates', async () => {
    const { app, deps } = await withMetrics();
    const token = newToken();
    await app.request(`/p/${token}`);
    await app.request(`/api/p/${token}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '123456' }),
    });
    const paths = deps.logger.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'request')
      .map((line) => [line.method, line.path]);
    expect(paths).toEqual([
      ['GET', '/p/:token'],
      ['POST', '/api/p/:token/accept'],
    ]);
  });
});
