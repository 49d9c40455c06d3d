/**
 * Money the site did not ask for, at POST /api/payments/stripe/webhook (docs/payments.md): a
 * paid session in another currency or amount than the site's Checkout asked, for a proposal not
 * accepted, or not a Checkout the site made (a Payment Link naming the proposal) records no
 * payment and mails no one; it is logged and listed once.
 */
import { asc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, stripeUnmatched } from '#db/schema';
import { writeTransaction } from '#db';
import { erasePerson } from '#server/leads/person-data';
import { mailsSettled } from '#server/platform/mail';
import type { RecordingMailer } from '#tests/support/app';
import { storeCheckout, storeProposal } from '#tests/support/accepted-proposal';
import { checkoutCompletedEvent } from '#tests/support/fake-stripe';
import { webhookFixture, type WebhookFixture } from '#tests/support/stripe-webhook-fixtures';

let deps: WebhookFixture['deps'];
let proposal: WebhookFixture['proposal'];
let sessionId: WebhookFixture['sessionId'];
let deliver: WebhookFixture['deliver'];
let payments: WebhookFixture['payments'];
let timeline: WebhookFixture['timeline'];

beforeEach(async () => {
  ({ deps, proposal, sessionId, deliver, payments, timeline } = await webhookFixture());
});

describe('money the site never asked for', () => {
  const nothingChanged = async () => {
    expect(await payments()).toEqual([]);
    expect(await timeline('payment_received')).toEqual([]);
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

  it('a deposit paid after its client was erased: the kept record takes nothing, listed', async () => {
    await writeTransaction(deps.db, (tx) => erasePerson(tx, proposal.leadId));
    const late = checkoutCompletedEvent({
      id: sessionId,
      proposalId: proposal.id,
      amountTotal: proposal.depositAmount,
      currency: 'eur',
    });
    expect((await deliver(late)).status).toBe(200);
    await nothingChanged();
    expect(await unmatched()).toMatchObject([{ reason: 'erased', proposalId: proposal.id }]);
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
