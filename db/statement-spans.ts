/**
 * Database statements as spans (docs/operations.md, "Traces"). The embedded file's are seen
 * through drizzle's logger, called with each statement's SQL just before it runs, and the
 * batches' statements one by one (embedded.ts); a libSQL server's at its client, each request
 * timed to its answer (libsql.ts). The parameters are never looked at: the SQL text holds `?`
 * where the values go. Without tracing the hook is null: one check per statement.
 */
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';

/** Called with a statement's SQL as it starts; answers what ends its span. */
export type StatementHook = (sql: string) => () => void;

let hook: StatementHook | null = null;

/** Installed by the tracing at start (operations/tracing.ts); null takes it away. */
export function traceStatements(next: StatementHook | null): void {
  hook = next;
}

const NOTHING = () => {};

/** A statement starts now: answers what ends its span (nothing without tracing). */
export function startStatement(sql: string): () => void {
  return hook === null ? NOTHING : hook(sql);
}

/** A statement sent as a request (libSQL): its span lasts until the answer. */
export function timedStatement<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (hook === null) return run();
  const end = hook(sql);
  return run().finally(end);
}

/**
 * The logger given to drizzle on the embedded file, where a statement runs synchronously right
 * after this call: ending the span in the next microtask covers its whole run.
 */
export const statementLogger: DrizzleLogger = {
  logQuery(sql) {
    if (hook === null) return;
    queueMicrotask(hook(sql));
  },
};
