/**
 * Each request a server span, made by @hono/otel's middleware (docs/operations.md, "Traces"):
 * an incoming `traceparent` is continued (the site's span has the proxy's trace id and the
 * proxy's span as its parent), and the database, mail and AI spans made while the request runs
 * are its children. operations/tracing.ts makes it once the SDK is loaded, and only then: this
 * module imports OpenTelemetry and @hono/otel for their types only.
 *
 * What the middleware would record beyond the site's rules is kept out here, in the tracer it is
 * given: the request's full address (`url.full`, where a link's token sits in the path or the
 * query) is never an attribute, and an error is recorded by its name only (its message may
 * quote a value). The span is named by the route's template, `unmatched` included
 * (http/route-name.ts).
 */
import type * as OtelApi from '@opentelemetry/api';
import type { httpInstrumentationMiddleware } from '@hono/otel';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import { routeName } from '#server/http/route-name';

type Api = typeof OtelApi;
type Span = OtelApi.Span;

/** The attribute the middleware gives the request's whole address, query included. */
const URL_FULL = 'url.full';

let installed: MiddlewareHandler<AppEnv> | null = null;

/** Installed by operations/tracing.ts while tracing runs; null takes it away again. */
export function installRequestSpans(middleware: MiddlewareHandler<AppEnv> | null): void {
  installed = middleware;
}

/** The request spans' middleware while tracing runs, else null (observe-requests.ts). */
export function requestSpans(): MiddlewareHandler<AppEnv> | null {
  return installed;
}

/** A span that records an error by its name only; everything else is the SDK span's. */
class NameOnlyErrors implements Span {
  constructor(private readonly span: Span) {}
  spanContext = () => this.span.spanContext();
  isRecording = () => this.span.isRecording();
  end: Span['end'] = (endTime) => this.span.end(endTime);
  setAttribute(key: string, value: OtelApi.SpanAttributeValue): this {
    this.span.setAttribute(key, value);
    return this;
  }
  setAttributes(attributes: OtelApi.SpanAttributes): this {
    this.span.setAttributes(attributes);
    return this;
  }
  addEvent(
    name: string,
    attributesOrTime?: OtelApi.SpanAttributes | OtelApi.TimeInput,
    time?: OtelApi.TimeInput,
  ): this {
    this.span.addEvent(name, attributesOrTime, time);
    return this;
  }
  addLink(link: OtelApi.Link): this {
    this.span.addLink(link);
    return this;
  }
  addLinks(links: OtelApi.Link[]): this {
    this.span.addLinks(links);
    return this;
  }
  setStatus(status: OtelApi.SpanStatus): this {
    this.span.setStatus({ code: status.code });
    return this;
  }
  updateName(name: string): this {
    this.span.updateName(name);
    return this;
  }
  recordException(exception: OtelApi.Exception, time?: OtelApi.TimeInput): void {
    const type = exception instanceof Error ? exception.name : 'Error';
    this.span.addEvent('exception', { 'exception.type': type }, time);
  }
}

/** The SDK's tracer, its spans without the request's address and with errors by name only. */
function keptToTheRules(api: Api, tracer: OtelApi.Tracer): OtelApi.Tracer {
  const startSpan = (
    name: string,
    options: OtelApi.SpanOptions = {},
    context?: OtelApi.Context,
  ) => {
    const attributes = { ...options.attributes };
    delete attributes[URL_FULL];
    return new NameOnlyErrors(tracer.startSpan(name, { ...options, attributes }, context));
  };
  function startActiveSpan<F extends (span: Span) => ReturnType<F>>(
    name: string,
    optionsOrFn: OtelApi.SpanOptions | F,
    contextOrFn?: OtelApi.Context | F,
    last?: F,
  ): ReturnType<F> {
    const active = api.context.active();
    const [options, parent, fn] =
      typeof optionsOrFn === 'function'
        ? [{}, active, optionsOrFn]
        : typeof contextOrFn === 'function'
          ? [optionsOrFn, active, contextOrFn]
          : [optionsOrFn, contextOrFn ?? active, last];
    if (!fn) throw new TypeError('startActiveSpan needs a function');
    const span = startSpan(name, options, parent);
    return api.context.with(api.trace.setSpan(parent, span), fn, undefined, span);
  }
  return { startSpan, startActiveSpan };
}

/** The middleware, on the SDK's tracer (operations/tracing.ts). */
export function makeRequestSpans(
  api: Api,
  tracer: OtelApi.Tracer,
  middleware: typeof httpInstrumentationMiddleware,
): MiddlewareHandler<AppEnv> {
  return middleware({
    tracer: keptToTheRules(api, tracer),
    // The in-flight gauge would go to OpenTelemetry's metrics, which the site does not use
    // (its request figures are prom-client's: operations/metrics.ts).
    captureActiveRequests: false,
    spanNameFactory: (c) => {
      const route = routeName(c);
      // Asked again once the request is answered, inside its span: `http.route` then says the
      // same template as the name (`unmatched` too, not the last middleware's pattern).
      if (c.finalized) api.trace.getActiveSpan()?.setAttribute('http.route', route);
      return `${c.req.method} ${route}`;
    },
  });
}
