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

/**
 * Client registrations from every address together: 100 an hour, counted in the database so
 * that every instance shares it. A script spread over many addresses cannot fill the clients
 * table either; a real site sees a few registrations a month.
 */
export const OAUTH_REGISTRATIONS_ALL: ThrottleRule = {
  kind: 'oauth-register-all',
  limit: 100,
  windowMs: 60 * 60_000,
  message: 'Too many client registrations on this site in the last hour.',
};

/**
 * Authorization requests per address: 30 in 10 minutes. Each one is a row kept for the
 * consent screen, written before anyone signed in, so a script must not be able to write them
 * without end; a person connects a client a few times at most.
 */
export const OAUTH_AUTHORIZE_REQUESTS: ThrottleRule = {
  kind: 'oauth-authorize',
  limit: 30,
  windowMs: 10 * 60_000,
  message: 'Too many connection requests from your address.',
};
