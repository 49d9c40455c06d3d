import type { ThrottleRule } from '#server/platform/throttle';
import { DAY_MS } from '#shared/calendar-days';

/**
 * The booking's throttles (maintenance/prune.ts reads every rule exported here). Each public
 * action has its own bucket per address (an IPv6 /64), with the contact form's numbers: 5 in
 * 10 minutes, so a visitor who has just booked can still move or cancel the call. A place is
 * taken in the write that books, moves or cancels, so refused requests (a taken time, the
 * cut-off, bad input) do not count and requests sent at once never get more than the limit
 * (docs/booking.md, "Throttles and caps").
 */
const ACTION_WINDOW_MS = 10 * 60_000;

/** At most 5 calls booked per address in 10 minutes. */
export const BOOKING_REQUESTS: ThrottleRule = {
  kind: 'booking',
  limit: 5,
  windowMs: ACTION_WINDOW_MS,
  message: 'Too many bookings from your address.',
};

/** At most 5 moves per address in 10 minutes, whichever bookings they move. */
export const RESCHEDULE_REQUESTS: ThrottleRule = {
  kind: 'booking-reschedule',
  limit: 5,
  windowMs: ACTION_WINDOW_MS,
  message: 'Too many changes to bookings from your address.',
};

/** At most 5 cancellations per address in 10 minutes. */
export const CANCEL_REQUESTS: ThrottleRule = {
  kind: 'booking-cancel',
  limit: 5,
  windowMs: ACTION_WINDOW_MS,
  message: 'Too many cancellations from your address.',
};

/**
 * One booking moved at most 3 times in 24 hours, from any address: each move mails the
 * visitor and the owner, and a manage link can be used from anywhere. The bucket is the
 * booking's id (no visitor's data). A 429, as the other throttles, whose words send the
 * visitor to write instead.
 */
export const MOVES_PER_BOOKING: ThrottleRule = {
  kind: 'booking-moves',
  limit: 3,
  windowMs: DAY_MS,
  message: 'This call has already been moved 3 times today. To move it again, please write to us.',
};
