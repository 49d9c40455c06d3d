/**
 * What proposals add to the Overview (docs/payments.md): a won lead with payments counts them
 * (less refunds, in whole units of their currency) in its source's won value instead of its
 * typed value; and the proposals out, accepted this month and paid this month.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { leads, proposalPayments, proposals } from '#db/schema';
import {
  adminCaller,
  createTestApp,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { storeCheckout, storeProposal } from '#tests/support/accepted-proposal';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  deliverWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

async function setLead(id: number, fields: Partial<typeof leads.$inferInsert>) {
  await writeTransaction(deps.db, (tx) =>
    tx.update(leads).set(fields).where(eq(leads.id, id)).run(),
  );
}

async function pay(
  proposalId: number,
  payment: { amount: number; currency?: string; refunded?: number; paidAt?: Date; ref?: string },
) {
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(proposalPayments)
      .values({
        proposalId,
        amount: payment.amount,
        currency: payment.currency ?? 'EUR',
        provider: payment.ref ? 'stripe' : 'manual',
        providerRef: payment.ref ?? null,
        refundedAmount: payment.refunded ?? 0,
        paidAt: payment.paidAt ?? deps.clock.now(),
      })
      .run(),
  );
}

describe('won value by source', () => {
  it("counts a won lead's payments instead of its typed value; others keep their value", async () => {
    const typed = await storeProposal(deps);
    await setLead(typed.leadId, { source: 'www.google.com', value: 10_000 });
    const paid = await storeProposal(deps);
    await setLead(paid.leadId, { source: 'www.google.com', value: 50_000 });
    await pay(paid.id, { amount: 120_000, refunded: 20_000, ref: 'pi_1' });
    await pay(paid.id, { amount: 30_000 });
    // Yen have no minor unit: 5,000 yen are 5,000 whole units.
    const yen = await storeProposal(deps, { currency: 'JPY' });
    await setLead(yen.leadId, { source: 'linkedin.com', value: 7 });
    await pay(yen.id, { amount: 5_000, currency: 'JPY' });
    // Not won (any more): neither its value nor its payments count.
    const lost = await storeProposal(deps);
    await setLead(lost.leadId, { source: 'linkedin.com', status: 'lost', value: 900 });
    await pay(lost.id, { amount: 90_000 });

    const { sources } = await admin.analytics.report({});
    const row = (source: string) => sources.find((s) => s.source === source);
    // 10,000 typed + (1,200.00 - 200.00 + 300.00) paid.
    expect(row('www.google.com')).toMatchObject({ leads: 2, won: 2, wonValue: 11_300 });
    expect(row('linkedin.com')).toMatchObject({ leads: 2, won: 1, wonValue: 5_000 });
  });

  it('a lead whose payments were all refunded counts 0, not its typed value', async () => {
    const refunded = await storeProposal(deps);
    await setLead(refunded.leadId, { source: 'newsletter', value: 4_000 });
    await pay(refunded.id, { amount: 120_000, refunded: 120_000, ref: 'pi_2' });
    const { sources } = await admin.analytics.report({});
    expect(sources.find((s) => s.source === 'newsletter')).toMatchObject({ won: 1, wonValue: 0 });
  });
});

describe('the Overview: proposals', () => {
  it('out now, accepted and paid this month of the site zone', async () => {
    // Now: 2026-01-15 10:00 UTC. December's acceptance and payment are not this month's.
    const december = new Date('2025-12-31T23:00:00Z');
    await storeProposal(deps, { status: 'sent' });
    const viewed = await storeProposal(deps, { status: 'viewed' });
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(proposals)
        .set({ validUntil: '2026-01-15' })
        .where(eq(proposals.id, viewed.id))
        .run(),
    );
    const expired = await storeProposal(deps, { status: 'sent' });
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(proposals)
        .set({ validUntil: '2026-01-14' })
        .where(eq(proposals.id, expired.id))
        .run(),
    );
    await storeProposal(deps, { status: 'draft' });
    const accepted = await storeProposal(deps);
    const older = await storeProposal(deps);
    await writeTransaction(deps.db, (tx) =>
      tx.update(proposals).set({ decidedAt: december }).where(eq(proposals.id, older.id)).run(),
    );
    await pay(accepted.id, { amount: 120_000, refunded: 20_000, ref: 'pi_3' });
    await pay(accepted.id, { amount: 5_000, currency: 'USD' });
    await pay(older.id, { amount: 70_000, paidAt: december });

    const { proposals: figures } = await admin.analytics.report({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(figures).toEqual({
      out: 2,
      acceptedThisMonth: 1,
      depositsPaid: [
        { currency: 'EUR', amount: 100_000 },
        { currency: 'USD', amount: 5_000 },
      ],
    });
  });
});

describe('a Stripe refund', () => {
  it("is taken off this month's deposits paid as off the won value by source", async () => {
    const { app, deps: stripeDeps } = await createTestApp({
      config: testConfig({
        stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
      }),
    });
    const proposal = await storeProposal(stripeDeps);
    await writeTransaction(stripeDeps.db, (tx) =>
      tx.update(leads).set({ source: 'www.google.com' }).where(eq(leads.id, proposal.leadId)).run(),
    );
    // Stripe's time of the event is the test clock's.
    const created = Math.floor(stripeDeps.clock.now().getTime() / 1000);
    const deliver = async (event: object) => {
      const answer = await deliverWebhook(
        app,
        { ...event, created },
        { at: stripeDeps.clock.now() },
      );
      expect(answer.status).toBe(200);
    };
    await deliver(
      checkoutCompletedEvent({
        id: await storeCheckout(stripeDeps, proposal),
        proposalId: proposal.id,
        amountTotal: 120_000,
        currency: 'eur',
        paymentIntent: 'pi_test_overview',
      }),
    );
    await deliver(
      chargeRefundedEvent({
        paymentIntent: 'pi_test_overview',
        amount: 120_000,
        amountRefunded: 20_000,
        currency: 'eur',
      }),
    );
    const report = await (await adminCaller(stripeDeps)).analytics.report({});
    expect(report.proposals.depositsPaid).toEqual([{ currency: 'EUR', amount: 100_000 }]);
    expect(report.sources.find((s) => s.source === 'www.google.com')).toMatchObject({
      wonValue: 1_000,
    });
  });
});
