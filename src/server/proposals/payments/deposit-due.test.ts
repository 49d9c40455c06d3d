/**
 * What is still due of a deposit (docs/payments.md, "What payments count for"): one rule, the
 * deposit less the payments net of their refunds, for the client's page, its bank-transfer text
 * and the Checkout Stripe is asked for. The case: a £3,150.00 deposit paid by card,
 * then £1,000.00 of it refunded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, testConfig } from '#tests/support/app';
import { storeProposal } from '#tests/support/accepted-proposal';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  deliverWebhook,
  startFakeStripe,
  stripeConfigFor,
  type FakeStripe,
} from '#tests/support/fake-stripe';
import { rest } from '#tests/support/rest';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

const unitAmounts = () =>
  fake.requests.map(
    (r) => (r.params.line_items as { price_data: { unit_amount: string } }[])[0]!.price_data,
  );

it('after a partial refund the page, the bank-transfer text and Checkout ask the same £1,000.00', async () => {
  const { app, deps } = await createTestApp({
    config: testConfig({ stripe: stripeConfigFor(fake) }),
  });
  // £10,500.00 of work, a 30% deposit: £3,150.00.
  const proposal = await storeProposal(deps, {
    currency: 'GBP',
    items: [{ description: 'Pilot', quantity: 1, unitAmount: 1_050_000 }],
  });
  expect((await rest(app, 'POST', `/api/p/${proposal.token}/checkout`)).status).toBe(200);
  const [session] = [...fake.sessions.keys()];
  const deliver = async (event: unknown) =>
    expect((await deliverWebhook(app, event, { at: deps.clock.now() })).status).toBe(200);
  await deliver(
    checkoutCompletedEvent({
      id: session,
      proposalId: proposal.id,
      amountTotal: 315_000,
      currency: 'gbp',
      paymentIntent: 'pi_test_gbp',
    }),
  );
  await deliver(
    chargeRefundedEvent({
      paymentIntent: 'pi_test_gbp',
      amount: 315_000,
      amountRefunded: 100_000,
      currency: 'gbp',
    }),
  );

  const view = await rest(app, 'GET', `/api/p/${proposal.token}`);
  expect(view.body).toMatchObject({
    proposal: { depositAmount: 315_000, depositDue: 100_000, depositWay: 'stripe' },
  });
  const html = await (await app.request(`/p/${proposal.token}`)).text();
  expect(html).toContain('£1,000.00 of the £3,150.00 deposit is still due.');
  expect(html).not.toContain('is due now');

  expect((await rest(app, 'POST', `/api/p/${proposal.token}/checkout`)).status).toBe(200);
  expect(unitAmounts().map((price) => price.unit_amount)).toEqual(['315000', '100000']);

  // Without Stripe, the same figure before the owner's bank-transfer text.
  const bank = await createTestApp({ db: deps.db, config: testConfig() });
  const bankHtml = await (await bank.app.request(`/p/${proposal.token}`)).text();
  expect(bankHtml).toContain(
    'Please pay the £1,000.00 still due of the £3,150.00 deposit by bank transfer:',
  );
});
