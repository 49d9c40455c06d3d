/**
 * The way back from Stripe's Checkout (docs/payments.md, "Paying the deposit by card"): GET
 * /p/checkout/:session, the address Stripe is given (no link token in it). The page finds its
 * proposal by the stored session and says where the payment stands, without a script; an
 * unknown session is the not-found page, counted like every link's miss.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { proposals } from '#db/schema';
import { eq } from 'drizzle-orm';
import type { App } from '#server/app/app';
import { LINK_MISSES } from '#server/platform/link-misses';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { storeProposal } from '#tests/support/accepted-proposal';
import {
  checkoutCompletedEvent,
  deliverWebhook,
  startFakeStripe,
  stripeConfigFor,
  type FakeStripe,
} from '#tests/support/fake-stripe';
import { rest } from '#tests/support/rest';

let fake: FakeStripe;
let app: App;
let deps: TestDeps;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.reset();
  ({ app, deps } = await createTestApp({
    config: testConfig({ stripe: stripeConfigFor(fake), trustProxy: true }),
  }));
});

/** Checkout started on the proposal's page, as the client's button does: the session's id. */
async function startedSession(token: string): Promise<string> {
  const answer = await rest(app, 'POST', `/api/p/${token}/checkout`);
  expect(answer.status).toBe(200);
  return [...fake.sessions.keys()].at(-1)!;
}

/** Where Stripe sends the browser back: its template filled with the session's id. */
function backFrom(sessionId: string, which: 'success_url' | 'cancel_url'): string {
  const url = String(fake.sessions.get(sessionId)![which]).replace(
    '{CHECKOUT_SESSION_ID}',
    sessionId,
  );
  return new URL(url).pathname + new URL(url).search;
}

async function paid(sessionId: string, proposalId: number, amount: number) {
  const event = checkoutCompletedEvent({
    id: sessionId,
    proposalId,
    amountTotal: amount,
    currency: 'eur',
  });
  expect((await deliverWebhook(app, event, { at: deps.clock.now() })).status).toBe(200);
}

const page = async (path: string, ip = '198.51.100.30') => {
  const response = await app.request(path, { headers: { 'x-forwarded-for': ip } });
  return { response, html: await response.text() };
};

describe('GET /p/checkout/:session', () => {
  it('says the payment is being confirmed, then that the deposit is paid', async () => {
    const proposal = await storeProposal(deps, { title: 'Support inbox pilot' });
    const session = await startedSession(proposal.token);
    const back = backFrom(session, 'success_url');
    expect(back).toBe(`/p/checkout/${session}`);

    const before = await page(back);
    expect(before.response.status).toBe(200);
    expect(before.html).toContain('<h1');
    expect(before.html).toContain('Support inbox pilot');
    expect(before.html).toContain('Stripe is confirming your payment of €1,200.00');
    expect(before.html).not.toContain('<script');
    expect(before.response.headers.get('cache-control')).toBe('no-store');
    expect(before.response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(before.response.headers.get('content-security-policy')).toContain("script-src 'self'");

    await paid(session, proposal.id, proposal.depositAmount);
    const after = await page(back);
    expect(after.html).toContain('Deposit paid. Thank you.');
    expect(after.html).toContain(`We received €1,200.00 for proposal ${proposal.number}.`);
    // Nothing that acts for the client: no link token, no form.
    expect(after.html).not.toContain(proposal.token);
    expect(after.html).not.toContain('<form');
  });

  it('cancelled: says nothing was charged and where to pay from', async () => {
    const proposal = await storeProposal(deps, { title: 'Support inbox pilot' });
    const session = await startedSession(proposal.token);
    const back = await page(backFrom(session, 'cancel_url'));
    expect(back.response.status).toBe(200);
    expect(back.html).toContain('Support inbox pilot');
    expect(back.html).toContain('The payment was cancelled: nothing was charged.');
    // Stripe's template left as it was (a cancel address Stripe did not fill): the same words.
    const unfilled = await page('/p/checkout/%7BCHECKOUT_SESSION_ID%7D?cancelled=1');
    expect(unfilled.response.status).toBe(200);
    expect(unfilled.html).toContain('The payment was cancelled: nothing was charged.');
  });

  it('a proposal withdrawn since is not said to be paid', async () => {
    const proposal = await storeProposal(deps);
    const session = await startedSession(proposal.token);
    await writeTransaction(deps.db, (tx) =>
      tx.update(proposals).set({ status: 'withdrawn' }).where(eq(proposals.id, proposal.id)).run(),
    );
    await paid(session, proposal.id, proposal.depositAmount);
    const back = await page(`/p/checkout/${session}`);
    expect(back.html).not.toContain('Deposit paid');
    expect(back.html).toContain('Stripe is confirming your payment');
  });

  it('an unknown session: the not-found page, counted like every link', async () => {
    const ip = '198.51.100.31';
    for (let i = 0; i < LINK_MISSES.limit; i++) {
      const miss = await page(`/p/checkout/cs_test_unknown${i}`, ip);
      expect(miss.response.status).toBe(404);
      expect(miss.html).toContain('This link is not valid');
    }
    const proposal = await storeProposal(deps);
    const session = await startedSession(proposal.token);
    expect((await page(`/p/checkout/${session}`, ip)).response.status).toBe(429);
    expect((await page(`/p/checkout/${session}`)).response.status).toBe(200);
  });
});
