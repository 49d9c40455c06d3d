/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE (docs/operations.md, "Stripe: deposits"). */
import { ConfigError, type Env } from './config-values';

/** Where the `stripe` package sends its requests, when not to Stripe itself (tests). */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeConfig {
  /** STRIPE_SECRET_KEY (`sk_…`, or a restricted `rk_…`). Never logged or shown. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`): the webhook's signing secret. Never logged or shown. */
  webhookSecret: string;
  /** STRIPE_API_BASE (tests only): the fake Stripe's address; null: Stripe's own. */
  apiBase: StripeApiBase | null;
}

/**
 * In production only `https://`: the secret key goes with every request to it, and Stripe's
 * answers decide what a client is asked to pay (docs/payments.md).
 */
function parseApiBase(raw: string | undefined, production: boolean): StripeApiBase | null {
  const value = raw?.trim();
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ConfigError(`STRIPE_API_BASE must be an http:// or https:// address, got "${value}"`);
  }
  if (production && url.protocol !== 'https:') {
    throw new ConfigError(
      `STRIPE_API_BASE must be an https:// address when NODE_ENV=production, got "${value}"`,
    );
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // The package wants a bare host: an IPv6 address without its brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

/**
 * Stripe Checkout for proposal deposits: both secrets or neither (a key without its webhook's
 * secret would take payments the site never hears of). Null: deposits are paid by bank
 * transfer and recorded by hand. The values are checked by their prefixes so that the two,
 * swapped or pasted from the wrong place, stop the start instead of failing at a payment.
 */
export function parseStripe(env: Env): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  const apiBase = parseApiBase(env.STRIPE_API_BASE, env.NODE_ENV === 'production');
  if (secretKey === null && webhookSecret === null) return null;
  if (secretKey === null) {
    throw new ConfigError('STRIPE_SECRET_KEY must be set with STRIPE_WEBHOOK_SECRET (or neither)');
  }
  if (webhookSecret === null) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (or neither)');
  }
  if (!/^(sk|rk)_\S{8,}$/.test(secretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)');
  }
  if (!/^whsec_\S{8,}$/.test(webhookSecret)) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }
  return { secretKey, webhookSecret, apiBase };
}

/**
 * Where Checkout's pages are: the client's page must let its "Pay the deposit" form be
 * redirected there (its `form-action`, docs/payments.md). The fake Stripe of the tests serves
 * them itself.
 */
export function checkoutOrigin(config: StripeConfig): string {
  const base = config.apiBase;
  return base ? `${base.protocol}://${base.host}:${base.port}` : 'https://checkout.stripe.com';
}
