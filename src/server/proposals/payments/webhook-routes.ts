/**
 * POST /api/payments/stripe/webhook (docs/payments.md): Stripe's events, each
 * checked with the package's own `constructEventAsync` on the raw body, with STRIPE_WEBHOOK_SECRET
 * and 5 minutes' tolerance, before anything is read from it: a missing or bad signature is 400
 * and changes nothing. Off (404) without Stripe. The API's guards already refuse a body over
 * 64 KiB (413) and one that is not JSON (415).
 */
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { errorBody } from '#server/http/errors';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { stripeClient, WEBHOOK_TOLERANCE_SECONDS } from './stripe-client';
import { takeStripeEvent } from './stripe-events';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export function stripeWebhookRoutes(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'mailer'>,
) {
  const app = new Hono<AppEnv>();
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const stripe = deps.config.stripe;
    if (!stripe) return c.json(errorBody('Not found'), 404);
    const signature = c.req.header('stripe-signature');
    if (!signature) {
      deps.logger.info('payments.webhook_refused', { reason: 'no signature' });
      return c.json(errorBody('The Stripe-Signature header is missing'), 400);
    }
    const body = await c.req.text();
    const client = await stripeClient(stripe);
    let event: Stripe.Event;
    try {
      event = await client.webhooks.constructEventAsync(
        body,
        signature,
        stripe.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // The app's clock (milliseconds), so a test can drive it; else the package reads Date.now().
        deps.clock.now().getTime(),
      );
    } catch {
      deps.logger.info('payments.webhook_refused', { reason: 'bad signature' });
      return c.json(errorBody('The Stripe-Signature check failed'), 400);
    }
    await takeStripeEvent(deps, event);
    return c.json({ received: true });
  });
  return app;
}
