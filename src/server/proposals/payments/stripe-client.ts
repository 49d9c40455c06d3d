/**
 * The official `stripe` package, made once per configuration (docs/payments.md):
 * pointed at Stripe, or at STRIPE_API_BASE in tests (tests/support/fake-stripe.ts).
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '#server/platform/config';
import { UnavailableError } from '#server/platform/errors';
import { loggableError, type Logger } from '#server/platform/logger';

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

/** What a visitor is told when Stripe did not answer, and how long to wait. */
export const STRIPE_FAILED = 'The payment page could not be opened. Please try again in a moment.';
const STRIPE_RETRY_SECONDS = 30;

/**
 * A Checkout Session with its page's address, for a deposit or an invoice's balance: Stripe
 * failing, or answering without an address, is logged as `event` with `fields` and is a 503
 * with Retry-After for the visitor. `idempotencyKey` makes a double click one session.
 */
export async function openCheckoutSession(
  config: StripeConfig,
  params: Stripe.Checkout.SessionCreateParams,
  idempotencyKey: string,
  log: { logger: Logger; event: string; fields: Record<string, unknown> },
): Promise<Stripe.Checkout.Session & { url: string }> {
  let session: Stripe.Checkout.Session;
  try {
    session = await (
      await stripeClient(config)
    ).checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    log.logger.error(log.event, { ...log.fields, error: loggableError(error) });
    throw new UnavailableError(STRIPE_FAILED, STRIPE_RETRY_SECONDS, error);
  }
  const { url } = session;
  if (!url) {
    log.logger.error(log.event, { ...log.fields, error: 'no url' });
    throw new UnavailableError(STRIPE_FAILED, STRIPE_RETRY_SECONDS);
  }
  return { ...session, url };
}
