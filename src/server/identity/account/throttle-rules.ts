import type { ThrottleRule } from '#server/platform/throttle';
import { CODES_SENT } from '../ways-in/throttle-rules';

/** The Account screen's throttle (maintenance/prune.ts reads every rule exported here). */

/**
 * Codes for e-mail changes have a budget of their own, the sign-in codes' size (5 in 15
 * minutes per user), so asking for them cannot spend the codes a sign-in needs.
 */
export const EMAIL_CODES: ThrottleRule = {
  kind: 'email-codes',
  limit: CODES_SENT.limit,
  windowMs: CODES_SENT.windowMs,
  message: 'Too many codes were requested.',
};
