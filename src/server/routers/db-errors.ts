/**
 * True when a write broke a UNIQUE constraint or unique index. Drizzle wraps the driver's
 * SqliteError in a DrizzleQueryError, so the cause chain is walked.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}
