import type { ThrottleRule } from '#server/platform/throttle';

/** OAuth's throttle (maintenance/prune.ts reads every rule exported here: export rules only). */

/**
 * Client registrations (RFC 7591) per address (an IPv6 /64): 10 an hour. Registration is
 * open to anyone, so without a cap a script could fill the clients table; a real client
 * registers once per installation, and a person connects a few.
 */
export const OAUTH_REGISTRATIONS: ThrottleRule = {
  kind: 'oauth-register',
  limit: 10,
  windowMs: 60 * 60_000,
  message: 'Too many client registrations from your address.',
};

/**
 * Client registrations per network (an IPv4 /24, an IPv6 /48: what one customer or one
 * machine's owner is given): 20 an hour. Addresses within one network are one stranger's
 * for this count, so rotating them spends at most a fifth of the site's hour (below).
 */
export const OAUTH_REGISTRATIONS_NETWORK: ThrottleRule = {
  kind: 'oauth-register-net',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many client registrations from your network.',
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
