/**
 * The official `stripe` package, made once per configuration (docs/payments.md):
 * pointed at Stripe, or at STRIPE_API_BASE in tests (tests/support/fake-stripe.ts).
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '#server/platform/config';

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * Loaded at the first payment, not at start: a site without Stripe never pays for the package
 * (docs/operations.md, "Start-up time").
 */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    const { default: StripeClient } = await import('stripe');
    client = new StripeClient(config.secretKey, {
      ...(config.apiBase ?? {}),
      // A visitor waits on the Checkout request: a slow Stripe is an error, not a hang.
      timeout: 20_000,
      maxNetworkRetries: 1,
      appInfo: { name: 'proposal-deposits' },
    });
    clients.set(config, client);
  }
  return client;
}

/** The webhook's tolerance of a signature's age: Stripe's own default, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
