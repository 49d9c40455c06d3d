/** One line per event, as JSON, so logs stay greppable and machine readable. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Keys every line owns; a caller's field of the same name is kept as `field.<name>`. */
const OWN_KEYS = new Set(['time', 'level', 'event']);

export function createLogger(
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const log = (level: string, event: string, fields: Record<string, unknown> = {}) => {
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, event };
    for (const [key, value] of Object.entries(fields)) {
      line[OWN_KEYS.has(key) ? `field.${key}` : key] = value;
    }
    write(JSON.stringify(line));
  };
  return {
    info: (event, fields) => log('info', event, fields),
    error: (event, fields) => log('error', event, fields),
  };
}

/** Collects lines in memory; for tests that assert what was (and was not) logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...createLogger((line) => lines.push(line)) };
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
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return `${code}: ${e.message}`;
  }
  if (chain.some((e) => 'params' in e)) return 'database query failed';
  const root = chain.at(-1);
  return root ? `${root.name}: ${root.message}` : String(error);
}
