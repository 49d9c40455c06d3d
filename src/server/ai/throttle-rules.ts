import type { ThrottleRule } from '#server/platform/throttle';

/** The AI features' throttles (maintenance/prune.ts reads every rule exported here). */

/**
 * Drafts asked of the model by one administrator (a reply, newsletter or proposal draft;
 * docs/ai.md, "Limits"): a person writes a few an hour; a script or a stuck button would spend
 * the month's tokens in minutes. The month's cap still bounds them all together.
 */
export const AI_DRAFTS: ThrottleRule = {
  kind: 'ai-drafts',
  limit: 20,
  windowMs: 10 * 60_000,
  message: 'Too many AI drafts asked for.',
};
