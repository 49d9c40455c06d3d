/**
 * True when a write broke a UNIQUE constraint or unique index. Drizzle wraps the driver's
 * error in a DrizzleQueryError, so the cause chain is walked. better-sqlite3 gives the
 * extended code; a libSQL server only the primary one, SQLITE_CONSTRAINT, with SQLite's
 * message ("UNIQUE constraint failed: …"), which then tells a unique index from a NOT NULL,
 * CHECK or foreign key failure.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
    if (
      code === 'SQLITE_CONSTRAINT' &&
      /\b(UNIQUE|PRIMARY KEY) constraint failed\b/.test(e.message)
    ) {
      return true;
    }
  }
  return false;
}
