/**
 * The seam between the code that has something worth a span (a mail, a model call, the mailbox
 * poll) and the OpenTelemetry SDK, which only operations/tracing.ts loads, and only
 * with OTEL_EXPORTER_OTLP_ENDPOINT set (docs/operations.md, "Traces"). Until it installs a
 * tracer, `inSpan` just runs its function: nothing of OpenTelemetry is loaded or paid for.
 */

/** What a span may carry: names, counts and flags, never a visitor's text or a prompt. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/**
 * Work done inside a request (or in the background); a request's own span is @hono/otel's
 * (operations/request-spans.ts).
 */
export type SpanKind = 'client' | 'internal';

export interface SpanNote {
  /** Adds attributes learnt while the span runs (a status, token counts). */
  set(attributes: SpanAttributes): void;
  /** Marks the span failed; the error's name only, its message may hold values. */
  fail(error: unknown): void;
}

export interface EndableSpan extends SpanNote {
  end(): void;
}

export interface Tracer {
  /** Runs fn in a new span, a child of the current one; ended when fn's promise settles. */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    fn: (span: SpanNote) => Promise<T>,
    kind?: SpanKind,
  ): Promise<T>;
  /**
   * A span ended by hand, for work that is not one call (a streamed answer read piece by
   * piece); spans started meanwhile are not its children.
   */
  startSpan(name: string, attributes: SpanAttributes): EndableSpan;
  /** The current span's trace id, if any. */
  traceId(): string | undefined;
}

let installed: Tracer | null = null;

const NO_NOTE: EndableSpan = { set: () => {}, fail: () => {}, end: () => {} };

/** Installed by operations/tracing.ts at start; null takes it away again (tests). */
export function installTracer(tracer: Tracer | null): void {
  installed = tracer;
}

/** Whether a tracer is installed (tracing on). */
export function tracingOn(): boolean {
  return installed !== null;
}

export function inSpan<T>(
  name: string,
  attributes: SpanAttributes,
  fn: (span: SpanNote) => Promise<T>,
  kind?: SpanKind,
): Promise<T> {
  return installed ? installed.inSpan(name, attributes, fn, kind) : fn(NO_NOTE);
}

export function startSpan(name: string, attributes: SpanAttributes): EndableSpan {
  return installed ? installed.startSpan(name, attributes) : NO_NOTE;
}

/** The trace id a log line carries (platform/logger.ts); undefined without tracing. */
export function currentTraceId(): string | undefined {
  return installed?.traceId();
}
