import { lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { sessions, twoFactorChallenges } from '../../db/schema';
import { pruneEvents } from './auth/throttle';

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
