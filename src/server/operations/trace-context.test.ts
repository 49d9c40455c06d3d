/**
 * The W3C `traceparent` rule (trace-context.ts): what continues a proxy's trace, and what is
 * no parent at all (a request with one of those starts its own trace; tracing.test.ts).
 */
import * as api from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { parseTraceparent, traceContextPropagator } from './trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('a traceparent', () => {
  it('names the remote parent: its trace, its span, its sampled flag', () => {
    expect(parseTraceparent(api, `00-${TRACE}-${SPAN}-01`)).toEqual({
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: 1,
      isRemote: true,
    });
    // A later version may carry more fields; the first four are read.
    expect(parseTraceparent(api, `cc-${TRACE}-${SPAN}-00-more`)?.traceFlags).toBe(0);
  });

  it.each([
    ['all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['all-zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['version 00 with a fifth field', `00-${TRACE}-${SPAN}-01-extra`],
    ['upper-case hex', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['no header value at all', ''],
  ])('is no parent with %s', (_case, header) => {
    expect(parseTraceparent(api, header)).toBeNull();
  });

  it('goes out as it came in, with its tracestate', () => {
    const propagator = traceContextPropagator(api);
    const incoming = { traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'proxy=1,other=2' };
    const context = propagator.extract(api.ROOT_CONTEXT, incoming, api.defaultTextMapGetter);
    const outgoing: Record<string, string> = {};
    propagator.inject(context, outgoing, api.defaultTextMapSetter);
    expect(outgoing).toEqual(incoming);
  });
});
