/**
 * Traces over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md,
 * "Traces"). The SDK is imported here, dynamically, and only then: without the variable no
 * OpenTelemetry module is loaded at all. Requests are spans of @hono/otel's middleware
 * (request-spans.ts), which continues an incoming `traceparent`; the rest of the code reaches
 * the SDK through two seams (platform/spans.ts for mail, AI calls and the mailbox poll; db's
 * statement hook for SQL). The middleware reads the current span and the propagator through
 * OpenTelemetry's globals, so the context manager and the W3C propagator are registered
 * globally for as long as tracing runs, and taken away again by shutdown() (a test's second
 * start does not see the first).
 */
import packageJson from '../../../package.json' with { type: 'json' };
import { traceStatements } from '#db/statement-spans';
import { installTracer, type SpanAttributes, type SpanNote } from '#server/platform/spans';
import { installRequestSpans, makeRequestSpans } from './request-spans';
import { traceContextPropagator } from './trace-context';

export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  /** OTEL_SERVICE_NAME; null: the package's name. */
  serviceName: string | null;
}

export interface Tracing {
  /** Sends the spans still buffered and stops tracing (the shutdown's last step). */
  shutdown(): Promise<void>;
}

/** A statement's text is cut past this many characters (a long IN list, a batch). */
const MAX_SQL_CHARS = 2_000;

/** Attributes as OpenTelemetry takes them: no undefined values. */
function defined(attributes: SpanAttributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) out[key] = value;
  return out;
}

export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  const [
    api,
    { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    hooks,
    resources,
    { httpInstrumentationMiddleware },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@hono/otel'),
  ]);
  const contexts = new hooks.AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contexts);
  api.propagation.setGlobalPropagator(traceContextPropagator(api));
  const exporter = new OTLPTraceExporter({
    url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`,
  });
  const provider = new BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': settings.serviceName ?? packageJson.name,
      'service.version': packageJson.version,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
    // Every request is recorded, as before spans were continued: a proxy's "not sampled" flag
    // does not silence the site's own traces.
    sampler: new AlwaysOnSampler(),
  });
  const tracer = provider.getTracer(packageJson.name, packageJson.version);
  const KINDS = { client: api.SpanKind.CLIENT, internal: api.SpanKind.INTERNAL };

  const noteOf = (span: import('@opentelemetry/api').Span): SpanNote => ({
    set: (attributes) => span.setAttributes(defined(attributes)),
    // The error's name only: a message may quote an address or a value.
    fail: (error) =>
      span.setStatus({
        code: api.SpanStatusCode.ERROR,
        message: error instanceof Error ? error.name : undefined,
      }),
  });

  installTracer({
    async inSpan(name, attributes, fn, kind = 'internal') {
      const parent = contexts.active();
      const span = tracer.startSpan(
        name,
        { kind: KINDS[kind], attributes: defined(attributes) },
        parent,
      );
      const note = noteOf(span);
      try {
        return await contexts.with(api.trace.setSpan(parent, span), () => fn(note));
      } catch (error) {
        note.fail(error);
        throw error;
      } finally {
        span.end();
      }
    },
    startSpan(name, attributes) {
      const span = tracer.startSpan(name, { attributes: defined(attributes) }, contexts.active());
      return { ...noteOf(span), end: () => span.end() };
    },
    traceId: () => api.trace.getSpan(contexts.active())?.spanContext().traceId,
  });

  installRequestSpans(makeRequestSpans(api, tracer, httpInstrumentationMiddleware));

  // Statements inside a span only: the sender's idle polls would otherwise each be a trace.
  traceStatements((text) => {
    const parent = contexts.active();
    if (!api.trace.getSpan(parent)) return () => {};
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'statement';
    const span = tracer.startSpan(
      `db ${operation}`,
      {
        kind: api.SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'sqlite',
          'db.operation.name': operation,
          // drizzle's SQL has `?` where each value goes; the values are never read.
          'db.query.text': text.slice(0, MAX_SQL_CHARS),
        },
      },
      parent,
    );
    return () => span.end();
  });

  return {
    async shutdown() {
      traceStatements(null);
      installTracer(null);
      installRequestSpans(null);
      await provider.shutdown();
      api.propagation.disable();
      api.context.disable();
      contexts.disable();
    },
  };
}
