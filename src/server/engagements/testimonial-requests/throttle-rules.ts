import type { ThrottleRule } from '#server/platform/throttle';
import { TESTIMONIAL_REQUEST_MESSAGES as M } from '#shared/engagements/testimonial-requests';

/**
 * The client's answers on `/t/` (docs/engagements.md, "Testimonials"; maintenance/prune.ts
 * reads every rule exported here): each approve, decline or withdraw with a valid input takes
 * a place in the write that judges it, whatever comes of it, so tries sent at once never get
 * past the limit and a 429 comes before a 410.
 */
export const TESTIMONIAL_ACTIONS: ThrottleRule = {
  kind: 'testimonial-actions',
  limit: 10,
  windowMs: 60 * 60_000,
  message: M.tooMany,
};
