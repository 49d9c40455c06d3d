/**
 * The owner's list of Stripe's events that matched no Checkout of this site's (docs/payments.md,
 * "Money the site did not ask for"): `proposals.unmatchedPayments`, GET /api/payments/unmatched,
 * admin only, newest first, 25 a page, each with the ids that find it in Stripe's dashboard.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { UNMATCHED_PAGE_SIZE } from '#shared/proposal-payments';
import type { App } from '#server/app/app';
import {
  adminCaller,
  createTestApp,
  signedInCookie,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { storeCheckout, storeProposal } from '#tests/support/accepted-proposal';
import {
  checkoutCompletedEvent,
  deliverWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';
import { rest, UNAUTHORIZED } from '#tests/support/rest';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({
    config: testConfig({
      stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
    }),
  }));
});

async function deliver(event: unknown) {
  expect((await deliverWebhook(app, event, { at: deps.clock.now() })).status).toBe(200);
}

describe('the unmatched Stripe events', () => {
  it('lists each, newest first, with its reason, ids, amount and proposal', async () => {
    const proposal = await storeProposal(deps);
    const session = await storeCheckout(deps, proposal);
    const won = checkoutCompletedEvent({
      id: session,
      proposalId: proposal.id,
      amountTotal: 120_000,
      currency: 'krw',
      paymentIntent: 'pi_test_won',
    });
    await deliver(won);
    deps.clock.advance(60_000);
    const link = checkoutCompletedEvent({
      proposalId: proposal.id,
      amountTotal: proposal.depositAmount,
      currency: 'eur',
      paymentIntent: 'pi_test_link',
    });
    await deliver(link);

    const admin = await adminCaller(deps);
    expect(await admin.proposals.unmatchedPayments({})).toEqual({
      events: [
        {
          id: 2,
          eventId: link.id,
          type: 'checkout.session.completed',
          reason: 'unknown-session',
          objectId: link.data.object.id,
          paymentRef: 'pi_test_link',
          amount: 120_000,
          currency: 'EUR',
          proposal: null,
          receivedAt: deps.clock.now().toISOString(),
        },
        {
          id: 1,
          eventId: won.id,
          type: 'checkout.session.completed',
          reason: 'currency',
          objectId: session,
          paymentRef: 'pi_test_won',
          amount: 120_000,
          currency: 'KRW',
          proposal: { id: proposal.id, number: proposal.number },
          receivedAt: new Date(deps.clock.now().getTime() - 60_000).toISOString(),
        },
      ],
      total: 2,
      page: 1,
      pageSize: UNMATCHED_PAGE_SIZE,
    });
  });

  it('GET /api/payments/unmatched: the same for an administrator, 401 signed out', async () => {
    await deliver(checkoutCompletedEvent({ proposalId: 1, amountTotal: 5, currency: 'usd' }));
    expect(await rest(app, 'GET', '/api/payments/unmatched')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    const cookie = await signedInCookie(deps);
    const answer = await rest(app, 'GET', '/api/payments/unmatched?page=1', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      events: [{ reason: 'unknown-session', amount: 5, currency: 'USD' }],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    const past = await rest(app, 'GET', '/api/payments/unmatched?page=2', { cookie });
    expect(past.body).toMatchObject({ events: [], total: 1, page: 2 });
  });
});
