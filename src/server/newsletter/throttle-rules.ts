import { NEWSLETTER_ADMIN_MESSAGES } from '#shared/newsletter-admin';
import type { ThrottleRule } from '#server/platform/throttle';

/** The newsletter's throttles (maintenance/prune.ts reads every rule exported here). */

/**
 * At most 5 accepted sign-ups per address (an IPv6 /64) in 10 minutes. Every accepted request
 * counts, whatever the state of the address it names: counting only new rows would let a
 * visitor tell a known address from a new one by the room left afterwards.
 */
export const SUBSCRIBE_SUBMISSIONS: ThrottleRule = {
  kind: 'subscribe',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'Too many sign-ups from your address.',
};

/**
 * Test copies per administrator: 10 an hour. A copy goes to any address typed, so without a
 * cap a session (a stolen one included) could send the site's mail to anyone at will.
 */
export const NEWSLETTER_TESTS: ThrottleRule = {
  kind: 'newsletter-tests',
  limit: 10,
  windowMs: 60 * 60_000,
  message: NEWSLETTER_ADMIN_MESSAGES.tooManyTests,
};
