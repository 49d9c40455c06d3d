import { createLogger, type Logger } from '#server/platform/logger';

/** Collects log lines in memory, for tests that assert what was (and was not) logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...createLogger((line) => lines.push(line)) };
}
