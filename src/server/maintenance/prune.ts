import { lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { sessions, twoFactorChallenges } from '../../../db/schema';
import { pruneEvents } from '../platform/throttle';
import { loggableError, type Logger } from '../platform/logger';

/** How often the running server drops rows that can no longer matter. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions and challenges and throttle events older than any window, so
 * these tables stay small however long the server runs.
 */
export function pruneExpired(db: Db, now: Date): Promise<void> {
  return writeTransaction(db, async (tx) => {
    await tx.delete(sessions).where(lt(sessions.expiresAt, now));
    await tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
    await pruneEvents(tx, now);
  });
}

/**
 * The timer's entry: housekeeping must never take the server down. A database busy past
 * busy_timeout (a long backup, a CLI command) or any other failure is logged, and the next
 * round tries again.
 */
export async function pruneSafely(db: Db, now: Date, logger: Logger): Promise<boolean> {
  try {
    await pruneExpired(db, now);
    return true;
  } catch (error) {
    logger.error('maintenance.prune_failed', { error: loggableError(error) });
    return false;
  }
}
