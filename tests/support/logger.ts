import { createLogger, type Logger } from '#server/platform/logger';

/**
 * Collects log lines in memory, for tests that assert what was (and was not) logged; with the
 * configuration's secrets removed, as the server's log (platform/secrets.ts).
 */
export function createMemoryLogger(secrets: readonly string[] = []): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...createLogger((line) => lines.push(line), secrets) };
}
