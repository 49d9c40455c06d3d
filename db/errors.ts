/**
 * What the drivers' errors mean to the app: "the database cannot be reached or is too busy
 * right now" (answered 503, and worth a retry for a whole transaction) versus everything
 * else (a bug or bad data: 500).
 */

/** Thrown by the data layer when the database stayed unreachable or busy. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable; try again shortly', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const record = current as Record<string, unknown>;
    yield record;
    current = record.cause;
  }
}

/** SQLite's lock timeout, or sqld's 429 (too many requests waiting): try again later. */
export function isBusy(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && BUSY_CODES.has(e.code)) return true;
    if (e.status === 429) return true;
  }
  return false;
}

/** The libSQL server cannot be reached (down, restarting, network gone) or answers 5xx. */
export function isUnreachable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.status === 'number' && e.status >= 502 && e.status <= 504) return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    // fetch's AbortSignal.timeout (db/libsql.ts): no answer in time.
    if (e instanceof Error && e.name === 'TimeoutError') return true;
  }
  return false;
}

/** Any error the app should answer with 503 instead of 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) if (e instanceof DatabaseUnavailableError) return true;
  return isBusy(error) || isUnreachable(error);
}
