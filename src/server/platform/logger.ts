import { withoutSecrets } from './secrets';
import { currentTraceId } from './spans';

/** One line per event, as JSON, so logs stay greppable and machine readable. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Keys every line owns; a caller's field of the same name is kept as `field.<name>`. */
const OWN_KEYS = new Set(['time', 'level', 'event', 'traceId']);

/** Past this many buffered characters the lines are written at once, not at the turn's end. */
const FLUSH_AT_CHARS = 64 * 1024;

export interface LineSink {
  (line: string): void;
  /** Writes whatever is buffered, synchronously. */
  flush(): void;
}

/**
 * A sink that never writes a line on its own: lines are collected and written together once
 * per event-loop turn (setImmediate), or at once past FLUSH_AT_CHARS. A busy server thus makes
 * one write call for many requests instead of one per request (on Linux a write to a pipe or
 * file is synchronous). Whatever is still buffered is written when the process exits,
 * including process.exit() and a crash.
 */
export function bufferedSink(out: (text: string) => void): LineSink {
  let buffered: string[] = [];
  let size = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffered.length === 0) return;
    const text = buffered.join('\n') + '\n';
    buffered = [];
    size = 0;
    out(text);
  };
  const write = (line: string) => {
    buffered.push(line);
    size += line.length + 1;
    if (size >= FLUSH_AT_CHARS) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return Object.assign(write, { flush });
}

let stdoutSink: LineSink | null = null;

/** The process's one buffered stdout sink, flushed on exit. */
function bufferedStdout(): LineSink {
  if (!stdoutSink) {
    const sink = bufferedSink((text) => process.stdout.write(text));
    process.on('exit', () => sink.flush());
    stdoutSink = sink;
  }
  return stdoutSink;
}

/**
 * Info lines go through the buffered sink; an error line is written at once together with
 * whatever precedes it, so the lines around a failure are never lost or reordered. Every line
 * is written with the configuration's `secrets` removed (platform/secrets.ts): an outside
 * service's error text may echo a key, and it is logged in this one place.
 */
export function createLogger(
  write: ((line: string) => void) | LineSink = bufferedStdout(),
  secrets: readonly string[] = [],
): Logger {
  const log = (level: string, event: string, fields: Record<string, unknown> = {}) => {
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, event };
    // Inside a span (tracing on, docs/operations.md) the line names its trace.
    const traceId = currentTraceId();
    if (traceId !== undefined) line.traceId = traceId;
    for (const [key, value] of Object.entries(fields)) {
      line[OWN_KEYS.has(key) ? `field.${key}` : key] = value;
    }
    write(withoutSecrets(JSON.stringify(line), secrets));
    if (level === 'error' && 'flush' in write) write.flush();
  };
  return {
    info: (event, fields) => log('info', event, fields),
    error: (event, fields) => log('error', event, fields),
  };
}

/**
 * An error as a log may show it. A failed query's own message lists its bound parameters
 * (drizzle: "Failed query: … params: …"), which are visitors' texts, e-mail addresses and
 * session ids: only the driver's message and code (SQLITE_BUSY, a constraint's name) are
 * kept, which never contain values.
 */
export function loggableError(error: unknown): string {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 10; e = e.cause) chain.push(e);
  for (const e of chain) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return `${code}: ${e.message}`;
  }
  // A libSQL server out of reach: the network error says so and holds no values.
  for (const e of chain) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) {
      return `${code}: ${e.message}`;
    }
  }
  if (chain.some((e) => 'params' in e)) return 'database query failed';
  const root = chain.at(-1);
  return root ? `${root.name}: ${root.message}` : String(error);
}
