import type { ThrottleRule } from '#server/platform/throttle';

/** The site assistant's throttles (maintenance/prune.ts reads every rule exported here). */

/**
 * Questions sent to the model per client address (an IPv6 address by its /64, by the keyed
 * hash every throttle uses: caps.ts) in an hour (docs/assistant.md, "Caps"): a person asks
 * a few; a script would spend the month's tokens. Questions the model never saw take no place.
 */
export const ASSISTANT_QUESTIONS: ThrottleRule = {
  kind: 'assistant',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many questions asked. Please write to us with the form instead.',
};

/**
 * Every question per client address in an hour, those the model never sees included: each
 * still costs a lookup and a write, so a script cannot ask without end.
 */
export const ASSISTANT_ALL_QUESTIONS: ThrottleRule = {
  kind: 'assistant-all',
  limit: 60,
  windowMs: 60 * 60_000,
  message: ASSISTANT_QUESTIONS.message,
};
