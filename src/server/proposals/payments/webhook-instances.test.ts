/**
 * Stripe's events on two instances sharing one database (two connections to the file, or two
 * clients of one libSQL server): a paid Checkout delivered 20 times at once to both records one
 * payment and queues one receipt; a refund delivered so records it once, with one timeline
 * entry and one notice; an unmatched one is listed once (docs/payments.md).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { leadEvents, outbox, proposalPayments, stripeEvents, stripeUnmatched } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import { createTestDeps, testConfig } from '#tests/support/app';
import { storeCheckout, storeProposal } from '#tests/support/accepted-proposal';
import { openTestDatabase } from '#tests/support/database';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  signWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes';

let dbA: Db;
let dbB: Db;

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

const config = testConfig({
  stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
  contactNotifyTo: 'owner@example.com',
});

/** The event delivered 20 times at once, split over the two instances: every answer 200. */
async function deliverToBoth(apps: App[], event: unknown, at: Date) {
  const payload = JSON.stringify(event);
  const signature = signWebhook(payload, { at });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      apps[i % 2]!.request(STRIPE_WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }),
    ),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
}

it('20 deliveries of one paid Checkout, then of a refund, at once to two instances: once each', async () => {
  const a = await createTestDeps({ db: dbA, config });
  const b = await createTestDeps({ db: dbB, config });
  const apps: App[] = [createApp(a), createApp(b)];
  const proposal = await storeProposal(a);
  const paid = checkoutCompletedEvent({
    id: await storeCheckout(a, proposal),
    proposalId: proposal.id,
    amountTotal: proposal.depositAmount,
    currency: 'eur',
    paymentIntent: 'pi_test_instances',
  });
  await deliverToBoth(apps, paid, a.clock.now());
  expect(await dbA.select().from(proposalPayments).all()).toHaveLength(1);
  expect(await dbB.select().from(stripeEvents).all()).toHaveLength(1);
  expect(
    await dbA.select().from(leadEvents).where(eq(leadEvents.kind, 'payment_received')).all(),
  ).toHaveLength(1);
  expect(
    await dbB.select().from(outbox).where(eq(outbox.toEmail, proposal.email)).all(),
  ).toHaveLength(1);

  const refund = chargeRefundedEvent({
    paymentIntent: 'pi_test_instances',
    amount: proposal.depositAmount,
    amountRefunded: 30_000,
    currency: 'eur',
  });
  await deliverToBoth(apps, refund, a.clock.now());
  expect((await dbB.select().from(proposalPayments).get())?.refundedAmount).toBe(30_000);
  expect(
    await dbA.select().from(leadEvents).where(eq(leadEvents.kind, 'payment_refunded')).all(),
  ).toHaveLength(1);
  // The receipt and the notices go before the databases close.
  await Promise.all([mailsSettled(a.mailer), mailsSettled(b.mailer)]);
  const notices = await dbB
    .select()
    .from(outbox)
    .where(eq(outbox.toEmail, 'owner@example.com'))
    .all();
  expect(notices.map((n) => n.subject).sort()).toEqual([
    'Deposit paid: €1,200.00 from Person 1',
    'Refund: €300.00 to Person 1',
  ]);
});

it('20 deliveries of an unmatched event at once to two instances: listed once', async () => {
  const a = await createTestDeps({ db: dbA, config });
  const b = await createTestDeps({ db: dbB, config });
  const proposal = await storeProposal(a);
  const link = checkoutCompletedEvent({
    proposalId: proposal.id,
    amountTotal: proposal.depositAmount,
    currency: 'eur',
  });
  await deliverToBoth([createApp(a), createApp(b)], link, a.clock.now());
  expect(await dbA.select().from(stripeUnmatched).all()).toHaveLength(1);
  expect(await dbB.select().from(proposalPayments).all()).toEqual([]);
});
