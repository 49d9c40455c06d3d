/**
 * Housekeeping: rows that can no longer matter are deleted now and then (at the start, then
 * every PRUNE_INTERVAL_MS: startPruning), so these tables stay small however long the server
 * runs.
 */
import { and, isNull, lt, not } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import {
  auditEvents,
  emailChanges,
  invitations,
  oauthAuthorizations,
  oauthRefreshTokens,
  proposalCodes,
  sessions,
  subscriberConfirmations,
  totpCredentials,
  twoFactorChallenges,
  usedWebauthnChallenges,
} from '#db/schema';
import { AUDIT_RETENTION_DAYS } from '#shared/audit';
import { pruneAnalytics, type RetentionSettings } from '#server/analytics/retention';
import { pruneOutbox } from '#server/mail/outbox/outbox-prune';
import { liveSession } from '#server/identity/sessions/session';
import type { Clock } from '#server/platform/clock';
import { loggableError, type Logger } from '#server/platform/logger';
import { pruneEvents, type ThrottleRule } from '#server/platform/throttle';
import * as accountThrottles from '#server/identity/account/throttle-rules';
import * as aiThrottles from '#server/ai/throttle-rules';
import * as assistantThrottles from '#server/assistant/throttle-rules';
import * as bookingThrottles from '#server/booking/throttle-rules';
import * as contactThrottles from '#server/contact/throttle-rules';
import * as engagementThreadThrottles from '#server/engagements/thread/throttle-rules';
import * as engagementFileThrottles from '#server/engagements/files/throttle-rules';
import * as invoiceThrottles from '#server/invoices/throttle-rules';
import * as testimonialThrottles from '#server/engagements/testimonial-requests/throttle-rules';
import * as leadThrottles from '#server/leads/throttle-rules';
import * as mcpThrottles from '#server/mcp/throttle-rules';
import * as newsletterThrottles from '#server/newsletter/throttle-rules';
import * as oauthThrottles from '#server/mcp/oauth/throttle-rules';
import * as passkeyThrottles from '#server/identity/passkeys/throttle-rules';
import * as passwordResetThrottles from '#server/identity/password-reset/throttle-rules';
import * as proposalClientPageThrottles from '#server/proposals/client-page/throttle-rules';
import * as paymentThrottles from '#server/proposals/payments/throttle-rules';
import * as engagementPageThrottles from '#server/engagements/engagement-page/throttle-rules';
import { pruneResets } from '#server/identity/password-reset/resets';
import { pruneAccessTokens } from '#server/mcp/access-tokens/store';
import { pruneGrants } from '#server/mcp/oauth/grants';
import * as searchThrottles from '#server/search/throttle-rules';
import * as secondFactorThrottles from '#server/identity/second-factors/throttle-rules';
import * as signInThrottles from '#server/identity/ways-in/throttle-rules';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';
import { daysBefore } from '#shared/calendar-days';

export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Every throttle rule, as each feature declares them in its `throttle-rules.ts` (which
 * exports rules only): each kind's events are deleted once its own window has passed (a
 * contact's 10 minutes, a day for the daily caps). A feature's new rule is read here as it
 * is declared; a new `throttle-rules.ts` is added to the list, and maintenance/prune.test.ts
 * fails until it is. A kind left out would be kept for the longest window
 * (platform/throttle.ts).
 */
export const THROTTLE_RULES: ThrottleRule[] = [
  accountThrottles,
  aiThrottles,
  assistantThrottles,
  bookingThrottles,
  contactThrottles,
  engagementThreadThrottles,
  engagementFileThrottles,
  invoiceThrottles,
  leadThrottles,
  mcpThrottles,
  newsletterThrottles,
  oauthThrottles,
  passkeyThrottles,
  passwordResetThrottles,
  proposalClientPageThrottles,
  paymentThrottles,
  engagementPageThrottles,
  searchThrottles,
  secondFactorThrottles,
  signInThrottles,
  testimonialThrottles,
].flatMap((rules) => Object.values(rules));

/**
 * Expired sessions, challenges, e-mail changes, invitations, password reset links and newsletter confirmation
 * links (their last 24 hours also cap the mails, and a link lives 7 days), audit entries
 * older than a year, access tokens made on the Account screen 30 days after they ended
 * (mcp/access-tokens/store.ts), each kind of throttle event once its own window has passed, the
 * analytics' raw events past retention (rolled up into daily totals first) and past salts,
 * and the outbox's settled mail and delivery reports past their time (outbox-prune.ts).
 */
export function pruneExpired(db: Db, now: Date, analytics: RetentionSettings): Promise<void> {
  return writeTransaction(db, async (tx) => {
    // Past the 12 h cap or the idle limit: either way no request can use it again.
    await tx.delete(sessions).where(not(liveSession(now)));
    await tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
    await tx.delete(subscriberConfirmations).where(lt(subscriberConfirmations.expiresAt, now));
    await tx.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
    // A proposal's acceptance code past its 10 minutes (proposals/client-page/accept-code.ts).
    await tx.delete(proposalCodes).where(lt(proposalCodes.expiresAt, now));
    await tx.delete(invitations).where(lt(invitations.expiresAt, now));
    // OAuth requests and codes past their life; a used code's row goes too (its token stays).
    await tx.delete(oauthAuthorizations).where(lt(oauthAuthorizations.expiresAt, now));
    // A used refresh token is kept until then to recognise its replay.
    await tx.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, now));
    await pruneResets(tx, now);
    await pruneAccessTokens(tx, now);
    await pruneGrants(tx, now);
    // A used challenge's row only has to outlive the 5 minutes its cookie could be replayed.
    await tx.delete(usedWebauthnChallenges).where(lt(usedWebauthnChallenges.expiresAt, now));
    // An authenticator app set up but not confirmed in time can no longer be turned on.
    await tx
      .delete(totpCredentials)
      .where(
        and(
          isNull(totpCredentials.enabledAt),
          lt(
            totpCredentials.createdAt,
            new Date(now.getTime() - secondFactorThrottles.TOTP_SETUP.windowMs),
          ),
        ),
      );
    await tx.delete(auditEvents).where(lt(auditEvents.at, daysBefore(now, AUDIT_RETENTION_DAYS)));
    await pruneEvents(tx, now, THROTTLE_RULES);
    await pruneAnalytics(tx, now, analytics);
    await pruneOutbox(tx, now);
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
  config: SiteSettingsConfig & Pick<RetentionSettings, 'analyticsRetentionDays'>,
  logger: Logger,
): Promise<boolean> {
  try {
    const { timeZone } = await siteSettings({ db, config });
    await pruneExpired(db, now, {
      siteTimezone: timeZone,
      analyticsRetentionDays: config.analyticsRetentionDays,
    });
    return true;
  } catch (error) {
    logger.error('maintenance.prune_failed', { error: loggableError(error) });
    return false;
  }
}

/**
 * The running server's housekeeping (app/background.ts): a round now, then one every
 * PRUNE_INTERVAL_MS on a timer that never keeps the process alive. stop() ends the timer and
 * resolves once a round under way is done, before the database closes.
 */
export function startPruning(
  db: Db,
  config: Parameters<typeof pruneSafely>[2],
  clock: Clock,
  logger: Logger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  // pruneSafely never rejects: a failed round is logged and the next one tries again.
  const prune = () => {
    running = pruneSafely(db, clock.now(), config, logger);
  };
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  prune();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
