import type { ThrottleRule } from '#server/platform/throttle';

/** The site assistant's throttle (maintenance/prune.ts reads every rule exported here). */

/**
 * Questions sent to the model per visitor (the analytics' daily visitor hash, never an
 * address) in an hour (docs/assistant.md, "Caps"): a person asks a few; a script would spend
 * the month's tokens. Questions the model never saw take no place.
 */
export const ASSISTANT_QUESTIONS: ThrottleRule = {
  kind: 'assistant',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many questions asked. Please write to us with the form instead.',
};
