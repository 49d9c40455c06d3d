import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The deposit's Checkout throttles (maintenance/prune.ts reads every rule exported here), with
 * the numbers of the other public proposal paths: each request that reaches Stripe takes a
 * place per address (an IPv6 /64) and per proposal, in a write before Stripe is asked, so
 * requests sent at once never get more than the limit (docs/payments.md).
 */
const HOUR_MS = 60 * 60_000;

/** At most 10 Checkout sessions asked for per address in an hour. */
export const CHECKOUT_REQUESTS: ThrottleRule = {
  kind: 'proposal-checkout',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many payment attempts from your address.',
};

/** At most 10 per proposal in an hour, from any address: its link can be opened anywhere. */
export const CHECKOUT_PER_PROPOSAL: ThrottleRule = {
  kind: 'proposal-checkout-link',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many payment attempts for this proposal.',
};
