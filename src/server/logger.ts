/** One line per event, as JSON, so logs stay greppable and machine readable. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const log = (level: string, event: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
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
