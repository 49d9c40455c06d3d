/**
 * Traces end to end in one process: the tracing started as server.ts starts it, with the real
 * OTLP/HTTP exporter, sending to a receiver of the test's own. A request becomes a server span
 * named by its route template, its database statement a child span whose SQL holds `?` where
 * the visitor's value went, and the request's log line carries the same trace id. A request
 * that comes with a proxy's `traceparent` is a span of that trace, under the proxy's span.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppEnv } from '#server/http/hono-env';
import { askModel } from '#server/ai/ask';
import { createMailer } from '#server/platform/mail';
import { AI_ON, mockModel } from '#tests/support/ai';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink } from '#tests/support/smtp-sink';
import { createTestApp, createTestDeps, testConfig } from '#tests/support/app';
import {
  spanAttribute as attribute,
  startOtlpReceiver,
  type OtlpReceiver,
} from '#tests/support/otlp-receiver';
import { observeRequests } from './observe-requests';
import { startTracing, type Tracing } from './tracing';

let receiver: OtlpReceiver;
let tracing: Tracing | null;

beforeEach(async () => {
  tracing = null;
  receiver = await startOtlpReceiver();
});

afterEach(async () => {
  // The tracer is the process's: taken away again so no later test file runs traced.
  await tracing?.shutdown();
  await receiver.close();
});

it('a request is a span, its statement a child span without values, its log line the trace id', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: 'site-test' });
  const { app, deps } = await createTestApp();

  const res = await app.request('/uploads/logo-private-4711-0123456789abcdef.png');
  expect(res.status).toBe(404);
  // shutdown() sends what the batch processor still holds, as server.ts does before exiting.
  await tracing.shutdown();
  tracing = null;

  const resources = receiver.received.flatMap((body) => body.resourceSpans);
  expect(resources.length).toBeGreaterThan(0);
  expect(resources[0]!.resource.attributes).toContainEqual({
    key: 'service.name',
    value: { stringValue: 'site-test' },
  });
  const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  const request = spans.find((span) => span.kind === 2);
  expect(request?.name).toBe('GET /uploads/:name');
  expect(attribute(request!, 'http.route')).toBe('/uploads/:name');
  expect(attribute(request!, 'http.response.status_code')).toBe(404);

  const statements = spans.filter((span) => span.parentSpanId === request!.spanId);
  const lookup = statements.find((span) =>
    String(attribute(span, 'db.query.text')).includes('media_files'),
  );
  expect(lookup, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
  expect(lookup!.traceId).toBe(request!.traceId);
  expect(attribute(lookup!, 'db.query.text')).toContain('?');
  // Neither the statement nor any span holds the visitor's value.
  expect(JSON.stringify(receiver.received)).not.toContain('private-4711');

  const line = deps.logger.lines
    .map((text) => JSON.parse(text) as { event: string; traceId?: string })
    .find((entry) => entry.event === 'request');
  expect(line?.traceId).toBe(request!.traceId);
});

it('a request with a traceparent continues that trace: its span under the proxy’s, its statements under it', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  const { app, deps } = await createTestApp();
  const proxyTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const proxySpan = '00f067aa0ba902b7';

  const res = await app.request(
    '/uploads/logo-private-5803-0123456789abcdef.png?token=query-secret-5521',
    {
      headers: { traceparent: `00-${proxyTrace}-${proxySpan}-01`, tracestate: 'proxy=1' },
    },
  );
  expect(res.status).toBe(404);
  await tracing.shutdown();
  tracing = null;

  const spans = receiver.spans();
  const request = spans.find((span) => span.kind === 2);
  expect(request).toMatchObject({
    name: 'GET /uploads/:name',
    traceId: proxyTrace,
    parentSpanId: proxySpan,
  });
  const lookup = spans.find((span) =>
    String(attribute(span, 'db.query.text')).includes('media_files'),
  );
  expect(lookup).toMatchObject({ traceId: proxyTrace, parentSpanId: request!.spanId });
  // Neither the path's value nor the query string is an attribute (no `url.full`).
  const sent = JSON.stringify(receiver.received);
  expect(sent).not.toContain('private-5803');
  expect(sent).not.toContain('query-secret-5521');
  const line = deps.logger.lines
    .map((text) => JSON.parse(text) as { event: string; traceId?: string })
    .find((entry) => entry.event === 'request');
  expect(line?.traceId).toBe(proxyTrace);
});

it('a request without a valid traceparent starts a trace of its own', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  const { app } = await createTestApp();
  const zeros = `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`;
  for (const traceparent of [zeros, 'garbage', `ff-${'a'.repeat(32)}-${'b'.repeat(16)}-01`]) {
    await app.request('/uploads/logo.png', { headers: { traceparent } });
  }
  await tracing.shutdown();
  tracing = null;

  const requests = receiver.spans().filter((span) => span.kind === 2);
  expect(requests).toHaveLength(3);
  for (const span of requests) {
    expect(span.parentSpanId ?? '').toBe('');
    expect(span.traceId).not.toBe('0'.repeat(32));
  }
  expect(new Set(requests.map((span) => span.traceId)).size).toBe(3);
});

it('a failed request is a failed span that names the error’s kind, never its message', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  // The app's first middleware, on a route of the test's own that throws.
  const app = new Hono<AppEnv>();
  app.use('*', observeRequests(null)!);
  app.get('/failing/:id', () => {
    throw new RangeError('a value 7731 that must not leave');
  });
  const res = await app.request('/failing/7731');
  expect(res.status).toBe(500);
  await tracing.shutdown();
  tracing = null;

  const request = receiver.spans().find((span) => span.kind === 2);
  expect(request?.name).toBe('GET /failing/:id');
  expect(JSON.stringify(receiver.received)).toContain('RangeError');
  expect(JSON.stringify(receiver.received)).not.toContain('7731');
});

it('a model call is a span with the model and its tokens, never the prompt or the answer', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  const deps = await createTestDeps({
    config: testConfig(AI_ON),
    aiModel: mockModel('answer-text-9931'),
  });
  await askModel(deps, {
    feature: 'test',
    instructions: 'instructions-text-5520',
    data: { message: 'visitor-text-8812' },
    maxOutputTokens: 50,
  });
  await tracing.shutdown();
  tracing = null;

  const spans = receiver.spans();
  const call = spans.find((span) => span.name === 'ai.generate');
  expect(call).toBeDefined();
  expect(attribute(call!, 'gen_ai.request.model')).toBe('mock-model');
  expect(attribute(call!, 'gen_ai.usage.input_tokens')).toBe(40);
  expect(attribute(call!, 'gen_ai.usage.output_tokens')).toBe(10);
  const sent = JSON.stringify(receiver.received);
  for (const text of ['answer-text-9931', 'instructions-text-5520', 'visitor-text-8812']) {
    expect(sent).not.toContain(text);
  }
});

it('a mail handed to SMTP is a span, without its address', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  const sink = await startSmtpSink();
  try {
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'site@example.com',
      production: false,
      logger: createMemoryLogger(),
    });
    await mailer.send({ to: 'reader-4411@example.com', subject: 'Hello', text: 'Hi' });
  } finally {
    await sink.close();
  }
  await tracing.shutdown();
  tracing = null;

  const spans = receiver.spans();
  expect(spans.map((span) => span.name)).toContain('mail.send');
  expect(JSON.stringify(receiver.received)).not.toContain('reader-4411');
});

it('without a span, a log line has no trace id and no statement is traced', async () => {
  tracing = await startTracing({ endpoint: receiver.endpoint, serviceName: null });
  const { deps } = await createTestApp();
  deps.logger.info('outside', {});
  await tracing.shutdown();
  tracing = null;
  expect(JSON.parse(deps.logger.lines.at(-1)!)).not.toHaveProperty('traceId');
  expect(receiver.received.flatMap((body) => body.resourceSpans)).toEqual([]);
});
