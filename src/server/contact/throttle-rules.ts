import type { ThrottleRule } from '#server/platform/throttle';

/** The contact form's throttle (maintenance/prune.ts reads every rule exported here). */

/** At most 5 stored messages per address (an IPv6 /64) in 10 minutes; refused ones do not count. */
export const CONTACT_SUBMISSIONS: ThrottleRule = {
  kind: 'contact',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'Too many messages from your address.',
};
