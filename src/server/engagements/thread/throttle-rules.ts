import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The thread's throttle (docs/engagements.md, "The thread"; maintenance/prune.ts reads every
 * rule exported here). A link can be used from anywhere and a page's messages land on the
 * owner's lead: at most 30 an hour on one engagement, counted in the write that stores each,
 * so messages sent at once never get past it. A refused message is 429 and not stored; the
 * client's form keeps the text typed.
 */
export const THREAD_CLIENT_MESSAGES: ThrottleRule = {
  kind: 'engagement-client-messages',
  limit: 30,
  windowMs: 60 * 60_000,
  message: 'Too many messages in a short time. Please wait a while before sending another.',
};
