/**
 * Housekeeping: rows that can no longer matter are deleted now and then (server.ts runs it
 * every PRUNE_INTERVAL_MS), so these tables stay small however long the server runs.
 */
import { and, isNull, lt, not } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import {
  auditEvents,
  emailChanges,
  invitations,
  sessions,
  subscriberConfirmations,
  totpCredentials,
  twoFactorChallenges,
  usedWebauthnChallenges,
} from '../../../db/schema';
import { AUDIT_RETENTION_DAYS } from '../../shared/audit';
import { pruneAnalytics, type RetentionSettings } from '../analytics/retention';
import { DEVICE_FAILURES, LOGIN_FAILURES } from '../identity/sign-in/login-throttle';
import { liveSession } from '../identity/sessions/session';
import { CODES_SENT, WRONG_CODES_DAILY } from '../identity/sign-in/two-factor';
import { CONTACT_SUBMISSIONS } from '../contact/router';
import { NEWSLETTER_TESTS } from '../newsletter/newsletters-router';
import { SUBSCRIBE_SUBMISSIONS } from '../newsletter/router';
import { PASSKEY_FAILURES } from '../identity/passkeys/router';
import { loggableError, type Logger } from '../platform/logger';
import { pruneEvents, type ThrottleKind } from '../platform/throttle';
import { ACCOUNT_WRONG_CODES } from '../identity/second-factors/factor-proof';
import { TOTP_SETUP } from '../identity/second-factors/totp-change';

export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Every kind of throttle row, by the start of its buckets, with the rule that counts it: each
 * kind's events are deleted once its own window has passed (a contact's 10 minutes, a day
 * for the daily caps). A new throttle adds its kind here; one left out is kept for the
 * longest window (platform/throttle.ts), and maintenance/prune.test.ts checks each kind
 * against the bucket names the features really build.
 */
export const THROTTLE_KINDS: ThrottleKind[] = [
  { prefix: 'login-fail:user:', rule: LOGIN_FAILURES },
  { prefix: 'login-fail:name:', rule: LOGIN_FAILURES },
  { prefix: 'login-fail:ip:', rule: LOGIN_FAILURES },
  { prefix: 'login-fail:device:', rule: LOGIN_FAILURES },
  { prefix: 'login-fail:account:', rule: LOGIN_FAILURES },
  { prefix: 'login-fail:devices-of-user:', rule: DEVICE_FAILURES },
  { prefix: 'passkey-login-fail:ip:', rule: PASSKEY_FAILURES },
  { prefix: 'codes-sent:user:', rule: CODES_SENT },
  { prefix: 'email-codes:user:', rule: CODES_SENT },
  { prefix: 'wrong-codes:user:', rule: WRONG_CODES_DAILY },
  { prefix: 'totp-setup:user:', rule: TOTP_SETUP },
  { prefix: 'account-codes:user:', rule: ACCOUNT_WRONG_CODES },
  { prefix: 'contact:ip:', rule: CONTACT_SUBMISSIONS },
  { prefix: 'subscribe:ip:', rule: SUBSCRIBE_SUBMISSIONS },
  { prefix: 'newsletter-tests:user:', rule: NEWSLETTER_TESTS },
];

/**
 * Expired sessions, challenges, e-mail changes, invitations and newsletter confirmation
 * links (their last 24 hours also cap the mails, and a link lives 7 days), audit entries
 * older than a year, each kind of throttle event once its own window has passed, and the
 * analytics' raw events past retention (rolled up into daily totals first) and past salts.
 */
export function pruneExpired(db: Db, now: Date, analytics: RetentionSettings): Promise<void> {
  return writeTransaction(db, async (tx) => {
    // Past the 12 h cap or the idle limit: either way no request can use it again.
    await tx.delete(sessions).where(not(liveSession(now)));
    await tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
    await tx.delete(subscriberConfirmations).where(lt(subscriberConfirmations.expiresAt, now));
    await tx.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
    await tx.delete(invitations).where(lt(invitations.expiresAt, now));
    // A used challenge's row only has to outlive the 5 minutes its cookie could be replayed.
    await tx.delete(usedWebauthnChallenges).where(lt(usedWebauthnChallenges.expiresAt, now));
    // An authenticator app set up but not confirmed in time can no longer be turned on.
    await tx
      .delete(totpCredentials)
      .where(
        and(
          isNull(totpCredentials.enabledAt),
          lt(totpCredentials.createdAt, new Date(now.getTime() - TOTP_SETUP.windowMs)),
        ),
      );
    await tx
      .delete(auditEvents)
      .where(lt(auditEvents.at, new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000)));
    await pruneEvents(tx, now, THROTTLE_KINDS);
    await pruneAnalytics(tx, now, analytics);
  });
}

/**
 * The timer's entry: housekeeping must never take the server down. A database busy past
 * its retries (a long backup, a CLI command) or any other failure is logged, and the next
 * round tries again.
 */
export async function pruneSafely(
  db: Db,
  now: Date,
  analytics: RetentionSettings,
  logger: Logger,
): Promise<boolean> {
  try {
    await pruneExpired(db, now, analytics);
    return true;
  } catch (error) {
    logger.error('maintenance.prune_failed', { error: loggableError(error) });
    return false;
  }
}
