/**
 * POST /api/payments/stripe/webhook (docs/payments.md): only events signed with
 * STRIPE_WEBHOOK_SECRET within 5 minutes are read; each event id acts once, however often and
 * however many at once it is delivered; a paid Checkout records the payment with its timeline
 * entry, the owner's notice and the client's receipt; a refund sets what was refunded.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadEvents, outbox, proposalPayments, stripeEvents, stripeUnmatched } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import type { App } from '#server/app/app';
import { createTestApp, testConfig, type RecordingMailer, type TestDeps } from '#tests/support/app';
import {
  storeCheckout,
  storeProposal,
  type StoredProposal,
} from '#tests/support/accepted-proposal';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  signWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes';

const stripe = {
  secretKey: TEST_SECRET_KEY,
  webhookSecret: TEST_WEBHOOK_SECRET,
  apiBase: null,
};

let app: App;
let deps: TestDeps;
let proposal: StoredProposal;
/** The Checkout Session the site made for the proposal's deposit. */
let sessionId: string;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({
    config: testConfig({ stripe, contactNotifyTo: 'owner@example.com' }),
  }));
  proposal = await storeProposal(deps, { title: 'AI readiness review' });
  sessionId = await storeCheckout(deps, proposal);
});

function deliver(
  event: unknown,
  opts: { signature?: string | null; secret?: string; at?: Date; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const signature =
    opts.signature === undefined
      ? signWebhook(payload, { secret: opts.secret, at: opts.at ?? deps.clock.now() })
      : opts.signature;
  if (signature !== null) headers['stripe-signature'] = signature;
  return app.request(STRIPE_WEBHOOK_PATH, { method: 'POST', headers, body: opts.body ?? payload });
}

const paymentsOf = () =>
  deps.db.select().from(proposalPayments).orderBy(asc(proposalPayments.id)).all();
const paidEntries = () =>
  deps.db.select().from(leadEvents).where(eq(leadEvents.kind, 'payment_received')).all();

const paid = (paymentIntent = 'pi_test_1') =>
  checkoutCompletedEvent({
    id: sessionId,
    proposalId: proposal.id,
    number: proposal.number,
    amountTotal: proposal.depositAmount,
    currency: 'eur',
    paymentIntent,
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
    expect(await paymentsOf()).toEqual([]);
    expect(await deps.db.select().from(stripeEvents).all()).toEqual([]);
    // Within the 5 minutes it is read.
    const late = await deliver(event, { at: new Date(deps.clock.now().getTime() - 290_000) });
    expect(late.status).toBe(200);
    expect(await paymentsOf()).toHaveLength(1);
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
    const [payment, ...others] = await paymentsOf();
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
    const [entry, ...moreEntries] = await paidEntries();
    expect(moreEntries).toEqual([]);
    expect(entry).toMatchObject({
      leadId: proposal.leadId,
      proposalId: proposal.id,
      text: 'Deposit paid: €1,200.00 (card, Stripe)',
    });
    await mailsSettled(deps.mailer);
    const sent = (deps.mailer as RecordingMailer).sent;
    const receipt = sent.find((m) => m.to === proposal.email);
    const notice = sent.find((m) => m.to === 'owner@example.com');
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
    expect(await paymentsOf()).toHaveLength(1);
    expect(await paidEntries()).toHaveLength(1);
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
    expect(await paymentsOf()).toHaveLength(1);
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
    expect(await paymentsOf()).toEqual([]);
    expect(await paidEntries()).toEqual([]);
  });
});

describe('charge.refunded', () => {
  it("sets the payment's refunded amount to the charge's, never lower, each event once", async () => {
    await deliver(paid('pi_test_refund'));
    const charge = { paymentIntent: 'pi_test_refund', amount: 120_000, currency: 'eur' };
    const partly = chargeRefundedEvent({ ...charge, amountRefunded: 20_000 });
    const fully = chargeRefundedEvent({ ...charge, amountRefunded: 120_000 });
    expect((await deliver(partly)).status).toBe(200);
    expect((await paymentsOf())[0]!.refundedAmount).toBe(20_000);
    await Promise.all([deliver(fully), deliver(fully)]);
    expect((await paymentsOf())[0]!.refundedAmount).toBe(120_000);
    // The older event delivered again later (Stripe retries) lowers nothing.
    const late = chargeRefundedEvent({ ...charge, amountRefunded: 20_000 });
    expect((await deliver(late)).status).toBe(200);
    expect((await paymentsOf())[0]!.refundedAmount).toBe(120_000);
  });

  it('never records more than the payment: 99,999,999 refunded of 120,000 is 120,000', async () => {
    await deliver(paid('pi_test_over'));
    const over = chargeRefundedEvent({
      paymentIntent: 'pi_test_over',
      amount: 120_000,
      amountRefunded: 99_999_999,
      currency: 'eur',
    });
    expect((await deliver(over)).status).toBe(200);
    expect((await paymentsOf())[0]!.refundedAmount).toBe(120_000);
  });

  it("writes the lead's timeline and mails the owner what went back, once per event", async () => {
    await deliver(paid('pi_test_told'));
    await mailsSettled(deps.mailer);
    const mailer = deps.mailer as RecordingMailer;
    mailer.sent.length = 0;
    const charge = { paymentIntent: 'pi_test_told', amount: 120_000, currency: 'eur' };
    const partly = chargeRefundedEvent({ ...charge, amountRefunded: 20_000 });
    await Promise.all([deliver(partly), deliver(partly)]);
    await deliver(chargeRefundedEvent({ ...charge, amountRefunded: 120_000 }));
    const refunds = await deps.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'payment_refunded'))
      .orderBy(asc(leadEvents.id))
      .all();
    expect(refunds.map((e) => [e.leadId, e.proposalId, e.text])).toEqual([
      [proposal.leadId, proposal.id, 'Refund: €200.00 (card, Stripe)'],
      [proposal.leadId, proposal.id, 'Refund: €1,000.00 (card, Stripe)'],
    ]);
    await mailsSettled(deps.mailer);
    const notices = mailer.sent.filter((m) => m.to === 'owner@example.com');
    expect(notices.map((m) => m.subject)).toEqual([
      'Refund: €200.00 to Person 1',
      'Refund: €1,000.00 to Person 1',
    ]);
    expect(notices[0]?.text).toContain('€1,000.00 of the payment is kept.');
    expect(notices[0]?.text).toContain(`/admin/leads/${proposal.leadId}`);
    // Through the outbox, like the other payment mails.
    const queued = await deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.toEmail, 'owner@example.com'))
      .all();
    expect(queued.filter((m) => m.subject.startsWith('Refund:'))).toHaveLength(2);
    // Nothing to the client.
    expect(mailer.sent.filter((m) => m.to === proposal.email)).toEqual([]);
  });

  it('a refund of a charge the site never recorded, or in another currency: nothing, listed', async () => {
    await deliver(paid('pi_test_kept'));
    const stranger = chargeRefundedEvent({
      paymentIntent: 'pi_test_other',
      amount: 500,
      amountRefunded: 500,
      currency: 'eur',
    });
    const yen = chargeRefundedEvent({
      paymentIntent: 'pi_test_kept',
      amount: 120_000,
      amountRefunded: 120_000,
      currency: 'jpy',
    });
    expect((await deliver(stranger)).status).toBe(200);
    expect((await deliver(yen)).status).toBe(200);
    expect((await paymentsOf())[0]!.refundedAmount).toBe(0);
    expect(
      await deps.db.select().from(leadEvents).where(eq(leadEvents.kind, 'payment_refunded')).all(),
    ).toEqual([]);
    const listed = await deps.db.select().from(stripeUnmatched).orderBy(asc(stripeUnmatched.id));
    expect(listed.map((u) => [u.reason, u.paymentRef, u.currency, u.proposalId])).toEqual([
      ['unknown-payment', 'pi_test_other', 'EUR', null],
      ['currency', 'pi_test_kept', 'JPY', proposal.id],
    ]);
  });
});

describe('money the site never asked for', () => {
  const nothingChanged = async () => {
    expect(await paymentsOf()).toEqual([]);
    expect(await paidEntries()).toEqual([]);
    expect(await deps.db.select().from(outbox).all()).toEqual([]);
    await mailsSettled(deps.mailer);
    expect((deps.mailer as RecordingMailer).sent).toEqual([]);
  };
  const unmatched = () =>
    deps.db
      .select({
        reason: stripeUnmatched.reason,
        objectId: stripeUnmatched.objectId,
        amount: stripeUnmatched.amount,
        currency: stripeUnmatched.currency,
        proposalId: stripeUnmatched.proposalId,
      })
      .from(stripeUnmatched)
      .orderBy(asc(stripeUnmatched.id))
      .all();

  it("₩120,000 on the €1,200.00 deposit's own session: no payment, no mail, listed", async () => {
    const won = checkoutCompletedEvent({
      id: sessionId,
      proposalId: proposal.id,
      number: proposal.number,
      amountTotal: 120_000,
      currency: 'krw',
    });
    expect((await deliver(won)).status).toBe(200);
    await nothingChanged();
    expect(await unmatched()).toEqual([
      {
        reason: 'currency',
        objectId: sessionId,
        amount: 120_000,
        currency: 'KRW',
        proposalId: proposal.id,
      },
    ]);
  });

  it('another amount than the session asked: no payment, listed', async () => {
    const less = checkoutCompletedEvent({
      id: sessionId,
      proposalId: proposal.id,
      amountTotal: 100,
      currency: 'eur',
    });
    expect((await deliver(less)).status).toBe(200);
    await nothingChanged();
    expect(await unmatched()).toMatchObject([{ reason: 'amount', amount: 100 }]);
  });

  it('a withdrawn proposal, and one never accepted: no payment, no mail, listed', async () => {
    const withdrawn = await storeProposal(deps, { status: 'withdrawn' });
    const sent = await storeProposal(deps, { status: 'sent' });
    for (const p of [withdrawn, sent]) {
      const event = checkoutCompletedEvent({
        id: await storeCheckout(deps, p),
        proposalId: p.id,
        amountTotal: p.depositAmount,
        currency: 'eur',
      });
      expect((await deliver(event)).status).toBe(200);
    }
    await nothingChanged();
    expect(await unmatched()).toMatchObject([
      { reason: 'not-accepted', proposalId: withdrawn.id },
      { reason: 'not-accepted', proposalId: sent.id },
    ]);
  });

  it("a Payment Link's session with ?client_reference_id= naming the proposal: no payment", async () => {
    // Exactly the deposit, in its currency, naming the proposal: only the session's id says
    // the site never made it.
    const link = checkoutCompletedEvent({
      proposalId: proposal.id,
      number: proposal.number,
      amountTotal: proposal.depositAmount,
      currency: 'eur',
    });
    expect((await deliver(link)).status).toBe(200);
    await nothingChanged();
    expect(await unmatched()).toEqual([
      {
        reason: 'unknown-session',
        objectId: link.data.object.id,
        amount: proposal.depositAmount,
        currency: 'EUR',
        proposalId: null,
      },
    ]);
    expect(deps.logger.lines.map((line) => JSON.parse(line) as unknown)).toContainEqual(
      expect.objectContaining({
        event: 'payments.stripe_event',
        outcome: 'unmatched',
        reason: 'unknown-session',
      }),
    );
  });

  it('the same unmatched event delivered again is listed once', async () => {
    const link = checkoutCompletedEvent({
      proposalId: proposal.id,
      amountTotal: 5,
      currency: 'eur',
    });
    await Promise.all([deliver(link), deliver(link), deliver(link)]);
    expect(await unmatched()).toHaveLength(1);
  });
});
