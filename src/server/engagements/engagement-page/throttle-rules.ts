import type { ThrottleRule } from '#server/platform/throttle';
import { ENGAGEMENT_LIMITS } from '#shared/engagements/limits';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';

/**
 * The throttles of `/e/link` (docs/engagements.md, "Asking for the link again";
 * maintenance/prune.ts reads every rule exported here). Each valid ask takes a place in both
 * buckets, in the write that judges it, whether or not the address has work with us, so the
 * answer and its 429 tell nothing about the address.
 */
const HOUR_MS = 60 * 60_000;

/** Per client address (an IPv6 /64), whichever addresses they ask for. */
export const ENGAGEMENT_LINK_ASKS: ThrottleRule = {
  kind: 'engagement-link-asks',
  limit: ENGAGEMENT_LIMITS.linkRequestsPerHour,
  windowMs: HOUR_MS,
  message: M.tooManyLinks,
};

/** Per address asked for (kept as a keyed hash), from wherever: each ask may send a mail. */
export const ENGAGEMENT_LINK_ADDRESS_ASKS: ThrottleRule = {
  kind: 'engagement-link-address-asks',
  limit: ENGAGEMENT_LIMITS.linkRequestsPerHour,
  windowMs: HOUR_MS,
  message: M.tooManyLinks,
};
