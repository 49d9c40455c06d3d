/** STRIPE_* (docs/operations.md, "Stripe: deposits"): both secrets or neither, checked at start. */
import { describe, expect, it } from 'vitest';
import { configuredSecrets } from './secrets';
import { parseStripe } from './config-stripe';
import { ConfigError } from './config-values';

const KEY = 'sk_test_0123456789abcdef';
const SECRET = 'whsec_0123456789abcdefghij';

function refusal(env: Record<string, string>): string {
  try {
    parseStripe(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('STRIPE_*', () => {
  it('neither: off', () => {
    expect(parseStripe({})).toBeNull();
    expect(parseStripe({ STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' })).toBeNull();
  });

  it('both: on, pointed at Stripe itself', () => {
    expect(parseStripe({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET })).toEqual({
      secretKey: KEY,
      webhookSecret: SECRET,
      apiBase: null,
    });
    expect(
      parseStripe({ STRIPE_SECRET_KEY: 'rk_live_abcdefghij', STRIPE_WEBHOOK_SECRET: SECRET })
        ?.secretKey,
    ).toBe('rk_live_abcdefghij');
  });

  it('one alone, or a value of the wrong kind, stops the start with one line naming it', () => {
    expect(refusal({ STRIPE_SECRET_KEY: KEY })).toBe(
      'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (or neither)',
    );
    expect(refusal({ STRIPE_WEBHOOK_SECRET: SECRET })).toBe(
      'STRIPE_SECRET_KEY must be set with STRIPE_WEBHOOK_SECRET (or neither)',
    );
    // Swapped, or the publishable key pasted.
    expect(refusal({ STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: KEY })).toBe(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)',
    );
    expect(
      refusal({ STRIPE_SECRET_KEY: 'pk_test_abcdefghij', STRIPE_WEBHOOK_SECRET: SECRET }),
    ).toMatch(/^STRIPE_SECRET_KEY /);
    expect(refusal({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: 'abc' })).toBe(
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
    );
  });

  it('STRIPE_API_BASE: an http(s) address, parsed for the package', () => {
    const env = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET };
    expect(parseStripe({ ...env, STRIPE_API_BASE: 'http://127.0.0.1:12111' })?.apiBase).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(parseStripe({ ...env, STRIPE_API_BASE: 'https://[::1]' })?.apiBase).toEqual({
      host: '::1',
      port: 443,
      protocol: 'https',
    });
    expect(refusal({ ...env, STRIPE_API_BASE: 'ftp://example.com' })).toBe(
      'STRIPE_API_BASE must be an http:// or https:// address, got "ftp://example.com"',
    );
    // A wrong address stops the start even while Stripe is off: it would otherwise surprise later.
    expect(refusal({ STRIPE_API_BASE: 'nonsense' })).toMatch(/^STRIPE_API_BASE /);
  });

  it('STRIPE_API_BASE in production: https:// only, else the start stops with one line', () => {
    const env = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, NODE_ENV: 'production' };
    expect(refusal({ ...env, STRIPE_API_BASE: 'http://stripe.internal:12111' })).toBe(
      'STRIPE_API_BASE must be an https:// address when NODE_ENV=production, got "http://stripe.internal:12111"',
    );
    expect(
      parseStripe({ ...env, STRIPE_API_BASE: 'https://stripe.internal:8443' })?.apiBase,
    ).toEqual({ host: 'stripe.internal', port: 8443, protocol: 'https' });
    // Unset, the package's own https address to Stripe.
    expect(parseStripe(env)?.apiBase).toBeNull();
  });

  it('both secrets are among those removed from logs', () => {
    const stripe = parseStripe({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET });
    const secrets = configuredSecrets({
      ai: null,
      smtpUrl: null,
      imapUrl: null,
      database: { file: 'x.db' },
      sessionSecret: 'a-session-secret-of-enough-length-0123',
      mailWebhookSecret: null,
      initialAdmin: null,
      stripe,
    });
    expect(secrets).toContain(KEY);
    expect(secrets).toContain(SECRET);
  });
});
