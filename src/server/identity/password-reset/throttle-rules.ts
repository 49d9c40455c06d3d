import type { ThrottleRule } from '#server/platform/throttle';

/** "Forgot your password?" throttles (maintenance/prune.ts reads every rule exported here). */

const TOO_MANY_RESETS = 'Too many password reset requests.';

/** 10 requests per client address (an IPv6 /64) in an hour: the form is no mail cannon. */
export const RESET_REQUESTS: ThrottleRule = {
  kind: 'reset-requests',
  limit: 10,
  windowMs: 60 * 60_000,
  message: TOO_MANY_RESETS,
};

/**
 * 3 requests per account in an hour, from any address: an account's owner is not flooded
 * with links. A name that matches no account is counted by its keyed hash the same way, so
 * the 429 tells no one whether the account exists.
 */
export const RESET_REQUESTS_PER_ACCOUNT: ThrottleRule = {
  kind: 'reset-requests-account',
  limit: 3,
  windowMs: 60 * 60_000,
  message: TOO_MANY_RESETS,
};
