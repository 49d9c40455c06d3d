import type { ThrottleRule } from '#server/platform/throttle';
import { LOGIN_FAILURES } from '../ways-in/throttle-rules';

/**
 * The passkeys' throttle (maintenance/prune.ts reads every rule exported here: export rules
 * only).
 */

/**
 * Failed passkey sign-ins per address (an IPv6 /64): 10 in 15 minutes, counted before the
 * signature is checked and kept only when a passkey was judged wrong. Its own buckets
 * (`passkey-login-fail:ip:…`), so they do not use up the password form's 5.
 */
export const PASSKEY_FAILURES: ThrottleRule = {
  kind: 'passkey-login-fail',
  limit: 10,
  windowMs: LOGIN_FAILURES.windowMs,
  message: LOGIN_FAILURES.message,
};
