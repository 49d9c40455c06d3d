import type { ThrottleRule } from '#server/platform/throttle';
import { DAY_MS } from '#shared/calendar-days';

/** The contact form's throttle (maintenance/prune.ts reads every rule exported here). */

/** At most 5 stored messages per address (an IPv6 /64) in 10 minutes; refused ones do not count. */
export const CONTACT_SUBMISSIONS: ThrottleRule = {
  kind: 'contact',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'Too many messages from your address.',
};

/**
 * At most one acknowledgement e-mail per visitor's address (ignoring case) in 24 hours,
 * whatever the number of messages: the form mails an address anyone can type, so without a
 * cap it would mail a stranger as often as someone posts. Never a 429: a message past the cap
 * is stored and answered as any other, and only its acknowledgement is not sent.
 */
export const CONTACT_ACKNOWLEDGEMENTS: ThrottleRule = {
  kind: 'contact-ack',
  limit: 1,
  windowMs: DAY_MS,
  message: 'An acknowledgement was sent to this address in the last 24 hours.',
};
