import type { ThrottleRule } from '#server/platform/throttle';

/** The booking's throttle (maintenance/prune.ts reads every rule exported here). */

/**
 * At most 5 calls booked per address (an IPv6 /64) in 10 minutes, the contact form's numbers;
 * refused ones (a taken time, bad input) do not count.
 */
export const BOOKING_REQUESTS: ThrottleRule = {
  kind: 'booking',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'Too many bookings from your address.',
};
