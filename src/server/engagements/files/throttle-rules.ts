import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The client's uploads (docs/engagements.md, "Files"; maintenance/prune.ts reads every rule
 * exported here). A link can be used from anywhere and each upload costs up to 10 MB of the
 * engagement's 200: at most 20 an hour on one engagement, counted in the write that stores
 * each, so uploads sent at once never get past it. A refused upload is 429 and not stored. The
 * owner's uploads are not counted.
 */
export const CLIENT_UPLOADS: ThrottleRule = {
  kind: 'engagement-client-uploads',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many files in a short time. Please wait a while before sending another.',
};
