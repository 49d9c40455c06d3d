import type { ThrottleRule } from '#server/platform/throttle';

/** The site search's throttle (maintenance/prune.ts reads every rule exported here). */

/**
 * At most 30 searches per address (an IPv6 /64) a minute, whatever they ask: every request
 * takes its place before its input is read, so a bad query counts too and a throttled
 * address gets its 429 before any 400 (docs/api.md). A person types a few; a scraper is slowed.
 */
export const SEARCH_REQUESTS: ThrottleRule = {
  kind: 'search',
  limit: 30,
  windowMs: 60_000,
  message: 'Too many searches from your address.',
};
