import type { ThrottleRule } from '#server/platform/throttle';

/** The leads' throttles (maintenance/prune.ts reads every rule exported here). */

/**
 * At most one notice mail to the owner per lead an hour when their answers arrive by mail
 * (docs/leads.md, "Answers by e-mail"): a person who writes three times in ten minutes is one
 * thing to look at, and the lead's page shows every answer. Never a 429: the answer is stored
 * whatever, only its notice is not sent.
 */
export const ANSWER_NOTICES: ThrottleRule = {
  kind: 'lead-answer-notice',
  limit: 1,
  windowMs: 60 * 60_000,
  message: 'The owner was told of an answer from this lead in the last hour.',
};
