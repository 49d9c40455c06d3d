/**
 * The headers of a page one person's link opens (the client's proposal `/p/<token>` and invoice
 * `/i/<token>`): no cache keeps it, no other site gets its address as a referrer (`same-origin`,
 * not `no-referrer`: under that a form post says `Origin: null`, which proves nothing), and
 * with Stripe set up its "Pay" form may be answered by a redirect to Stripe's Checkout
 * (docs/payments.md).
 */
import type { Context as HonoCtx } from 'hono';
import type { Config } from '#server/platform/config';
import { checkoutOrigin } from '#server/platform/config-stripe';
import type { AppEnv } from './hono-env';
import { withFormTarget } from './security-headers';

export function setLinkPageHeaders(c: HonoCtx<AppEnv>, config: Pick<Config, 'stripe'>): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'same-origin');
  const csp = c.get('baseHeaders')?.['Content-Security-Policy'];
  if (csp && config.stripe) {
    c.header('Content-Security-Policy', withFormTarget(csp, checkoutOrigin(config.stripe)));
  }
}
