import type { ThrottleRule } from '#server/platform/throttle';
import { DAY_MS } from '#shared/calendar-days';

/**
 * The sign-in's throttles (platform/throttle.ts counts them; maintenance/prune.ts reads
 * every rule exported here to know how long its events are kept, so export rules only).
 */

const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Said when a password check is refused: the same whatever the bucket. */
const TOO_MANY_FAILED = 'Too many failed sign-in attempts.';
/** The code caps, said to someone whose app makes the codes (nothing was requested). */
const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts.';

/**
 * 5 failed sign-ins per username and per address (an IPv6 /64) in 15 minutes, and 5 per
 * device cookie, and 5 per session for the Account screen's password checks: the
 * `login-fail:{user,name,ip,device,account}:…` buckets (identity/ways-in/login-throttle.ts).
 */
export const LOGIN_FAILURES: ThrottleRule = {
  kind: 'login-fail',
  limit: 5,
  windowMs: SIGN_IN_WINDOW_MS,
  message: TOO_MANY_FAILED,
};

/**
 * All of a user's device cookies together: 20 failed sign-ins a day, so a stolen device
 * cookie (5 guesses per 15 minutes of its own) cannot guess for ever (docs/decisions/0030).
 */
export const DEVICE_FAILURES: ThrottleRule = {
  kind: 'login-fail:devices-of-user',
  limit: 20,
  windowMs: DAY_MS,
  message: TOO_MANY_FAILED,
};

/** At most 5 codes are e-mailed per user in 15 minutes; past that, login answers 429. */
export const CODES_SENT: ThrottleRule = {
  kind: 'codes-sent',
  limit: 5,
  windowMs: SIGN_IN_WINDOW_MS,
  message: 'Too many sign-in codes were requested.',
};

/**
 * The authenticator app's challenges count against the same 5 per user in 15 minutes as
 * e-mailed codes (the same buckets), refused in words that name no request.
 */
export const APP_CHALLENGES: ThrottleRule = { ...CODES_SENT, message: TOO_MANY_SIGN_IN_ATTEMPTS };

/**
 * Wrong sign-in codes per user in 24 hours, whatever made them (the e-mailed code, the
 * authenticator app's or a recovery code): past 20, signing in answers 429 until the oldest
 * is a day old. Without it, someone with the password could guess 2,400 times a day
 * (docs/decisions/0034).
 */
export const WRONG_CODES_DAILY: ThrottleRule = {
  kind: 'wrong-codes',
  limit: 20,
  windowMs: DAY_MS,
  message: TOO_MANY_SIGN_IN_ATTEMPTS,
};
