/**
 * POST /api/payments/stripe/webhook (docs/payments.md): only events signed with
 * STRIPE_WEBHOOK_SECRET within 5 minutes are read; each event id acts once, however often and
 * however many at once it is delivered; a paid Checkout of the site's records the payment with
 * its timeline entry, the owner's notice and the client's receipt. Refunds are in
 * webhook-refunds.test.ts, money the site did not ask for in webhook-unmatched.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, stripeEvents } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { createTestApp, type RecordingMailer } from '#tests/support/app';
import { checkoutCompletedEvent, signWebhook } from '#tests/support/fake-stripe';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes';
import { webhookFixture, OWNER, type WebhookFixture } from '#tests/support/stripe-webhook-fixtures';

let deps: WebhookFixture['deps'];
let proposal: WebhookFixture['proposal'];
let deliver: WebhookFixture['deliver'];
let paid: WebhookFixture['paid'];
let payments: WebhookFixture['payments'];
let timeline: WebhookFixture['timeline'];

beforeEach(async () => {
  ({ deps, proposal, deliver, paid, payments, timeline } = await webhookFixture());
});

describe('the signature', () => {
  it('missing, from another secret, too old or over another body: 400 and nothing changes', async () => {
    const event = paid();
    const payload = JSON.stringify(event);
    const refusals = [
      await deliver(event, { signature: null }),
      await deliver(event, { secret: 'whsec_someone_else_0123456789' }),
      await deliver(event, { at: new Date(deps.clock.now().getTime() - 301_000) }),
      await deliver(event, {
        signature: signWebhook(payload, { at: deps.clock.now() }),
        body: payload.replace(String(proposal.depositAmount), '1'),
      }),
      await deliver(event, { signature: 't=1,v1=abc' }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await refusals[0]!.json()).toEqual({
      success: false,
      message: 'The Stripe-Signature header is missing',
    });
    expect(await payments()).toEqual([]);
    expect(await deps.db.select().from(stripeEvents).all()).toEqual([]);
    // Within the 5 minutes it is read.
    const late = await deliver(event, { at: new Date(deps.clock.now().getTime() - 290_000) });
    expect(late.status).toBe(200);
    expect(await payments()).toHaveLength(1);
  });

  it('answers 404 without Stripe set up', async () => {
    const off = await createTestApp();
    const response = await off.app.request(STRIPE_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});

describe('checkout.session.completed', () => {
  it('records the payment, the timeline entry, the receipt and the owner notice', async () => {
    const event = paid('pi_test_abc');
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    const [payment, ...others] = await payments();
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      proposalId: proposal.id,
      amount: 120_000,
      currency: 'EUR',
      provider: 'stripe',
      providerRef: 'pi_test_abc',
      refundedAmount: 0,
      paidAt: new Date(event.created * 1000),
    });
    const [entry, ...moreEntries] = await timeline('payment_received');
    expect(moreEntries).toEqual([]);
    expect(entry).toMatchObject({
      leadId: proposal.leadId,
      proposalId: proposal.id,
      text: 'Deposit paid: €1,200.00 (card, Stripe)',
    });
    await mailsSettled(deps.mailer);
    const sent = (deps.mailer as RecordingMailer).sent;
    const receipt = sent.find((m) => m.to === proposal.email);
    const notice = sent.find((m) => m.to === OWNER);
    expect(receipt?.subject).toBe(`Deposit received: €1,200.00 (${proposal.number})`);
    expect(receipt?.text).toContain('AI readiness review');
    expect(notice?.subject).toBe('Deposit paid: €1,200.00 from Person 1');
    expect(notice?.text).toContain(`/admin/leads/${proposal.leadId}`);
    // The receipt names no link to the proposal's page: its token acts for the client.
    expect(receipt?.text).not.toContain(proposal.token);
  });

  it('20 identical deliveries at once record one payment, one entry, one receipt', async () => {
    const event = paid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await payments()).toHaveLength(1);
    expect(await timeline('payment_received')).toHaveLength(1);
    const receipts = await deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.toEmail, proposal.email))
      .all();
    expect(receipts).toHaveLength(1);
  });

  it('the same payment in two events (completed, then async succeeded) is recorded once', async () => {
    const first = paid('pi_test_same');
    const second = {
      ...first,
      id: 'evt_test_second',
      type: 'checkout.session.async_payment_succeeded',
    };
    expect((await deliver(first)).status).toBe(200);
    expect((await deliver(second)).status).toBe(200);
    expect(await payments()).toHaveLength(1);
    expect(await deps.db.select().from(stripeEvents).all()).toHaveLength(2);
  });

  it('an unpaid session, another proposal of no one, or another event: 200 and nothing recorded', async () => {
    const unpaid = checkoutCompletedEvent({
      proposalId: proposal.id,
      amountTotal: 120_000,
      currency: 'eur',
      paymentStatus: 'unpaid',
    });
    const stranger = checkoutCompletedEvent({
      proposalId: 999_999,
      amountTotal: 5,
      currency: 'eur',
    });
    const other = { ...paid(), type: 'payment_intent.created' };
    for (const event of [unpaid, stranger, other]) expect((await deliver(event)).status).toBe(200);
    expect(await payments()).toEqual([]);
    expect(await timeline('payment_received')).toEqual([]);
  });
});
