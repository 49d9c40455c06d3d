import type { ThrottleRule } from '#server/platform/throttle';

/**
 * The client's invoice page's throttles (docs/invoices.md, "The client's page";
 * maintenance/prune.ts reads every rule exported here). Card payments are also counted per
 * address in the proposals' bucket (payments/throttle-rules.ts, CHECKOUT_REQUESTS): one limit
 * for whatever a visitor pays.
 */
const HOUR_MS = 60 * 60_000;

/** At most 10 card payments started an hour on one invoice, from any address. */
export const INVOICE_CHECKOUT_LINK: ThrottleRule = {
  kind: 'invoice-checkout-link',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many payment attempts for this invoice.',
};
