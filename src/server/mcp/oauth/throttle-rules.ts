import type { ThrottleRule } from '#server/platform/throttle';

/** OAuth's throttle (maintenance/prune.ts reads every rule exported here: export rules only). */

/**
 * Client registrations (RFC 7591) per address (an IPv6 /64): 20 an hour. Registration is
 * open to anyone, so without a cap a script could fill the clients table; a real client
 * registers once per installation.
 */
export const OAUTH_REGISTRATIONS: ThrottleRule = {
  kind: 'oauth-register',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many client registrations from your address.',
};
