/**
 * Stripe's event on two instances sharing one database (two connections to the file, or two
 * clients of one libSQL server): delivered 20 times at once to both, it records one payment
 * and queues one receipt (docs/payments.md).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { leadEvents, outbox, proposalPayments, stripeEvents } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import { createTestDeps, testConfig } from '#tests/support/app';
import { storeProposal } from '#tests/support/accepted-proposal';
import { openTestDatabase } from '#tests/support/database';
import {
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

it('20 deliveries of one paid Checkout at once, to two instances: one payment', async () => {
  const config = testConfig({
    stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
  });
  const a = await createTestDeps({ db: dbA, config });
  const b = await createTestDeps({ db: dbB, config });
  const apps: App[] = [createApp(a), createApp(b)];
  const proposal = await storeProposal(a);
  const payload = JSON.stringify(
    checkoutCompletedEvent({
      proposalId: proposal.id,
      amountTotal: proposal.depositAmount,
      currency: 'eur',
      paymentIntent: 'pi_test_instances',
    }),
  );
  const signature = signWebhook(payload, { at: a.clock.now() });
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
  expect(await dbA.select().from(proposalPayments).all()).toHaveLength(1);
  expect(await dbB.select().from(stripeEvents).all()).toHaveLength(1);
  expect(
    await dbA.select().from(leadEvents).where(eq(leadEvents.kind, 'payment_received')).all(),
  ).toHaveLength(1);
  expect(
    await dbB.select().from(outbox).where(eq(outbox.toEmail, proposal.email)).all(),
  ).toHaveLength(1);
  // The receipt goes before the databases close.
  await Promise.all([mailsSettled(a.mailer), mailsSettled(b.mailer)]);
});
