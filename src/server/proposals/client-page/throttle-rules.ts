import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The client page's throttles (docs/proposals.md, "The client's page"; maintenance/prune.ts reads every
 * rule exported here). Each try to accept or decline whose input is valid takes a place in
 * both buckets, in the write that judges it, whatever its outcome (a 409 included), so tries
 * sent at once never get past the limits and a 429 comes before the 409 (docs/api.md). The
 * Stripe checkout takes its places in the same buckets (`proposalActionBuckets`).
 */
const HOUR_MS = 60 * 60_000;

/** At most 10 tries an hour per client address (an IPv6 /64), whichever proposals they are for. */
export const PROPOSAL_ACTIONS: ThrottleRule = {
  kind: 'proposal-actions',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many tries from your address. Please wait a while, or write to us.',
};

/**
 * At most 30 tries an hour on one proposal, from any address: a link can be used from
 * anywhere, and each try may mail a code. The bucket is the proposal's id.
 */
export const PROPOSAL_TOKEN_ACTIONS: ThrottleRule = {
  kind: 'proposal-token-actions',
  limit: 30,
  windowMs: HOUR_MS,
  message: 'Too many tries on this proposal. Please wait a while, or write to us.',
};

/**
 * At most 5 codes mailed an hour for one proposal (to whatever addresses): each goes to an
 * address nobody has proven yet.
 */
export const PROPOSAL_CODES: ThrottleRule = {
  kind: 'proposal-codes',
  limit: 5,
  windowMs: HOUR_MS,
  message:
    'Too many codes were sent for this proposal. Please wait a while, or accept with the address it was sent to.',
};
