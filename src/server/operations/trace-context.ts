/**
 * The W3C Trace Context propagator (`traceparent`, `tracestate`) that @hono/otel's middleware
 * reads an incoming request's trace with (operations/request-spans.ts), so that a proxy's trace
 * and the site's join (docs/operations.md, "Traces"). The SDK's own (W3CTraceContextPropagator)
 * lives in @opentelemetry/core, which is not one of the site's dependencies (only the SDK's own
 * copy of it is installed); this is the same rule, written against the API alone. Its module
 * imports OpenTelemetry for types only: operations/tracing.ts hands it the API once loaded.
 */
import type * as OtelApi from '@opentelemetry/api';

const TRACEPARENT = 'traceparent';
const TRACESTATE = 'tracestate';
/** version-traceid-parentid-flags, lower-case hex; a later version may add fields after. */
const TRACEPARENT_FORMAT = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/;

type Api = Pick<typeof OtelApi, 'trace' | 'isSpanContextValid' | 'createTraceState'>;

/** A header's one value: a repeated `traceparent` is no trace at all. */
function oneValue(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

/** The remote parent a `traceparent` names, or null when it names none validly. */
export function parseTraceparent(api: Api, header: string): OtelApi.SpanContext | null {
  const match = TRACEPARENT_FORMAT.exec(header.trim());
  if (!match) return null;
  const [, version, traceId = '', spanId = '', flags = '', rest] = match;
  // Version ff is forbidden; version 00 has exactly four fields.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  const context = { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true };
  // All-zero ids are invalid.
  return api.isSpanContextValid(context) ? context : null;
}

export function traceContextPropagator(api: Api): OtelApi.TextMapPropagator {
  return {
    inject(context, carrier, setter) {
      const span = api.trace.getSpanContext(context);
      if (!span || !api.isSpanContextValid(span)) return;
      const flags = (span.traceFlags & 1).toString(16).padStart(2, '0');
      setter.set(carrier, TRACEPARENT, `00-${span.traceId}-${span.spanId}-${flags}`);
      const state = span.traceState?.serialize();
      if (state) setter.set(carrier, TRACESTATE, state);
    },
    extract(context, carrier, getter) {
      const header = oneValue(getter.get(carrier, TRACEPARENT));
      const parent = header === undefined ? null : parseTraceparent(api, header);
      if (!parent) return context;
      const state = getter.get(carrier, TRACESTATE);
      const joined = Array.isArray(state) ? state.join(',') : state;
      return api.trace.setSpanContext(
        context,
        joined ? { ...parent, traceState: api.createTraceState(joined) } : parent,
      );
    },
    fields: () => [TRACEPARENT, TRACESTATE],
  };
}
