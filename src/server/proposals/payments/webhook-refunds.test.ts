/**
 * `charge.refunded` at POST /api/payments/stripe/webhook (docs/payments.md): the charge's total
 * refunded so far becomes the payment's, capped at the payment and never lowered; what it adds
 * is on the lead's timeline and mailed to the owner, once per event; a charge of no payment
 * recorded here, or in another currency, changes nothing and is listed.
 */
import { asc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, stripeUnmatched } from '#db/schema';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { erasePerson } from '#server/leads/person-data';
import { mailsSettled } from '#server/platform/mail';
import type { RecordingMailer } from '#tests/support/app';
import { chargeRefundedEvent } from '#tests/support/fake-stripe';
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

describe('charge.refunded', () => {
  it("sets the payment's refunded amount to the charge's, never lower, each event once", async () => {
    await deliver(paid('pi_test_refund'));
    const charge = { paymentIntent: 'pi_test_refund', amount: 120_000, currency: 'eur' };
    const partly = chargeRefundedEvent({ ...charge, amountRefunded: 20_000 });
    const fully = chargeRefundedEvent({ ...charge, amountRefunded: 120_000 });
    expect((await deliver(partly)).status).toBe(200);
    expect((await payments())[0]!.refundedAmount).toBe(20_000);
    await Promise.all([deliver(fully), deliver(fully)]);
    expect((await payments())[0]!.refundedAmount).toBe(120_000);
    // The older event delivered again later (Stripe retries) lowers nothing.
    const late = chargeRefundedEvent({ ...charge, amountRefunded: 20_000 });
    expect((await deliver(late)).status).toBe(200);
    expect((await payments())[0]!.refundedAmount).toBe(120_000);
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
    expect((await payments())[0]!.refundedAmount).toBe(120_000);
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
    const refunds = await timeline('payment_refunded');
    expect(refunds.map((e) => [e.leadId, e.proposalId, e.text])).toEqual([
      [proposal.leadId, proposal.id, 'Refund: €200.00 (card, Stripe)'],
      [proposal.leadId, proposal.id, 'Refund: €1,000.00 (card, Stripe)'],
    ]);
    await mailsSettled(deps.mailer);
    const notices = mailer.sent.filter((m) => m.to === OWNER);
    expect(notices.map((m) => m.subject)).toEqual([
      'Refund: €200.00 to Person 1',
      'Refund: €1,000.00 to Person 1',
    ]);
    expect(notices[0]?.text).toContain('€1,000.00 of the payment is kept.');
    expect(notices[0]?.text).toContain(`/admin/leads/${proposal.leadId}`);
    // Through the outbox, like the other payment mails.
    const queued = await deps.db.select().from(outbox).where(eq(outbox.toEmail, OWNER)).all();
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
    expect((await payments())[0]!.refundedAmount).toBe(0);
    expect(await timeline('payment_refunded')).toEqual([]);
    const listed = await deps.db.select().from(stripeUnmatched).orderBy(asc(stripeUnmatched.id));
    expect(listed.map((u) => [u.reason, u.paymentRef, u.currency, u.proposalId])).toEqual([
      ['unknown-payment', 'pi_test_other', 'EUR', null],
      ['currency', 'pi_test_kept', 'JPY', proposal.id],
    ]);
  });

  it("a refund on an erased client's kept proposal: nothing changed on the record, listed", async () => {
    await deliver(paid('pi_test_erased'));
    await writeTransaction(deps.db, (tx) => erasePerson(tx, proposal.leadId));
    const refund = chargeRefundedEvent({
      paymentIntent: 'pi_test_erased',
      amount: 120_000,
      amountRefunded: 120_000,
      currency: 'eur',
    });
    expect((await deliver(refund)).status).toBe(200);
    expect((await payments()).map((p) => [p.amount, p.refundedAmount])).toEqual([[120_000, 0]]);
    const listed = await deps.db.select().from(stripeUnmatched).all();
    expect(listed.map((u) => [u.reason, u.paymentRef, u.proposalId])).toEqual([
      ['erased', 'pi_test_erased', proposal.id],
    ]);
  });
});
