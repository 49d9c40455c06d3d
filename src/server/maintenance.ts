import { lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { sessions, twoFactorChallenges } from '../../db/schema';
import { pruneEvents } from './auth/throttle';
import { loggableError, type Logger } from './logger';

/** How often the running server drops rows that can no longer matter. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions and challenges and throttle events older than any window, so
 * these tables stay small however long the server runs.
 */
export function pruneExpired(db: Db, now: Date): void {
  db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
  db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now)).run();
  pruneEvents(db, now);
}

/**
 * The timer's entry: housekeeping must never take the server down. A database busy past
 * busy_timeout (a long backup, a CLI command) or any other failure is logged, and the next
 * round tries again.
 */
export function pruneSafely(db: Db, now: Date, logger: Logger): boolean {
  try {
    pruneExpired(db, now);
    return true;
  } catch (error) {
    logger.error('maintenance.prune_failed', { error: loggableError(error) });
    return false;
  }
}
