/**
 * Database statements as spans (docs/operations.md, "Traces"), through drizzle's logger,
 * which both drivers call with each statement's SQL just before it runs. The parameters are
 * never looked at: the SQL text holds `?` where the values go. Without tracing the hook is
 * null and the logger costs one check per statement.
 */
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';

/** Called with a statement's SQL as it starts; answers what ends its span. */
export type StatementHook = (sql: string) => () => void;

let hook: StatementHook | null = null;

/** Installed by the tracing at start (operations/tracing.ts); null takes it away. */
export function traceStatements(next: StatementHook | null): void {
  hook = next;
}

/**
 * The logger given to drizzle. On the embedded file a statement runs synchronously right
 * after this call, so ending the span in the next microtask covers its whole run. On a
 * libSQL server the statement is a request whose answer drizzle awaits elsewhere: there the
 * span marks the statement and its start, and the request's time is in the parent span.
 */
export const statementLogger: DrizzleLogger = {
  logQuery(sql) {
    if (hook === null) return;
    queueMicrotask(hook(sql));
  },
};
