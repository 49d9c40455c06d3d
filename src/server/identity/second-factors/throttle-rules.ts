import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The second factors' throttles (maintenance/prune.ts reads every rule exported here:
 * export rules only).
 */

/**
 * Wrong app or recovery codes given on the Account screen, per session: 5 in 15 minutes. A
 * bucket of their own, not the sign-in's day of wrong codes, so a stolen session cannot lock
 * the owner out of signing in (docs/second-factor.md).
 */
export const ACCOUNT_WRONG_CODES: ThrottleRule = {
  kind: 'account-codes',
  limit: 5,
  windowMs: 15 * 60_000,
  message: 'Too many wrong codes.',
};

/**
 * A set-up not confirmed within 15 minutes is refused (start again), and 5 wrong first codes
 * drop it: a borrowed session cannot guess the first code for ever (docs/second-factor.md).
 * The fifth drops the set-up and its bucket, so no sixth is ever refused with the message.
 */
export const TOTP_SETUP: ThrottleRule = {
  kind: 'totp-setup',
  limit: 5,
  windowMs: 15 * 60_000,
  message: 'Too many wrong codes.',
};
