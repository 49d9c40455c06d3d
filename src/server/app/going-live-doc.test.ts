/**
 * docs/going-live.md walks a new owner through everything the site needs before clients use
 * it: card payments by Stripe (the keys, the webhook's address and events, test mode), the
 * proposals' settings, and turning booking on, each with the names the code and the screens use.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '#server/proposals/payments/webhook-routes';

const doc = readFileSync(new URL('../../../docs/going-live.md', import.meta.url), 'utf8');

/** The section whose heading contains `title`, up to the next heading of its level. */
function section(title: string): string {
  const start = doc.search(new RegExp(`^## .*${title}`, 'm'));
  expect(start, `a section "${title}"`).toBeGreaterThanOrEqual(0);
  const next = doc.slice(start + 3).search(/^## /m);
  return next < 0 ? doc.slice(start) : doc.slice(start, start + 3 + next);
}

describe('docs/going-live.md', () => {
  it('sets up Stripe: both keys, the webhook address and its events, and test mode first', () => {
    const stripe = section('Stripe');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'sk_test_', 'whsec_']) {
      expect(stripe).toContain(name);
    }
    expect(stripe).toContain(`https://www.harbor.example${STRIPE_WEBHOOK_PATH}`);
    for (const event of [
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'charge.refunded',
    ]) {
      expect(stripe).toContain(event);
    }
    expect(stripe).toMatch(/test mode/i);
    expect(stripe).toContain('4242 4242 4242 4242');
  });

  it("names each of the proposals' settings as the screen does", () => {
    const settings = section('proposals');
    for (const label of ['Currency', 'Bank-transfer text', 'Default terms', 'Price list']) {
      expect(settings).toContain(`**${label}**`);
    }
  });

  it('turns booking on with the switch and the fields it needs', () => {
    const booking = section('[Bb]ooking');
    for (const label of ['Visitors can book a free call', 'Where the call happens', 'Time zone']) {
      expect(booking).toContain(`**${label}**`);
    }
  });

  it('ticks each of them off in the checklist', () => {
    const checklist = section('Checklist');
    expect(checklist).toContain('STRIPE_SECRET_KEY');
    expect(checklist).toContain('Default terms');
    expect(checklist).toContain('Visitors can book a free call');
  });
});
