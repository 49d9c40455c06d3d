/**
 * The deposit invoice (docs/invoices.md, "Deposits"): with invoicing on, a deposit paid through
 * Stripe's signed event or recorded by hand is invoiced in the same transaction, marked paid,
 * and mailed to the buyer with its PDF; a replayed event issues nothing more; Checkout stops
 * asking Stripe for an invoice of its own; a buyer without details leaves a draft and a note.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, leadEvents, proposalPayments } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { clientReceiptMail } from '#server/proposals/payments/payment-mail';
import { storeCheckout, storeProposal } from '#tests/support/accepted-proposal';
import { createTestApp, testConfig, type RecordingMailer } from '#tests/support/app';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  deliverWebhook,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from '#tests/support/fake-stripe';
import { invoicing, PROPOSAL_VAT_ITEMS as items } from '#tests/support/invoicing';

async function paidByStripe(options: { leadBuyer?: null } = {}) {
  const { app, deps } = await createTestApp({
    config: testConfig({
      stripe: { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiBase: null },
    }),
  });
  const set = await invoicing({ deps, ...options });
  const proposal = await storeProposal(deps, { leadId: set.leadId, items });
  const sessionId = await storeCheckout(deps, proposal);
  const event = checkoutCompletedEvent({
    id: sessionId,
    proposalId: proposal.id,
    number: proposal.number,
    amountTotal: proposal.depositAmount,
    currency: 'eur',
    paymentIntent: 'pi_deposit_1',
  });
  const deliver = () => deliverWebhook(app, event, { at: deps.clock.now() });
  /** Stripe's report that `amountRefunded` of the deposit went back so far. */
  const refund = (amountRefunded: number) => {
    const refunded = chargeRefundedEvent({
      paymentIntent: 'pi_deposit_1',
      amount: proposal.depositAmount,
      amountRefunded,
      currency: 'eur',
    });
    return () => deliverWebhook(app, refunded, { at: deps.clock.now() });
  };
  return { ...set, proposal, deliver, refund };
}

describe('the deposit invoice', () => {
  it('is issued with the card payment, paid, and mailed to the buyer with its PDF; once', async () => {
    const { deps, admin, leadId, proposal, deliver } = await paidByStripe();
    expect(proposal.depositAmount).toBe(142_800);
    const answers = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    const { invoices: listed } = await admin.invoices.list({ leadId });
    expect(listed).toHaveLength(1);
    const invoice = listed[0]!;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      role: 'deposit',
      number: 'INV-2026-0001',
      status: 'issued',
      paymentStatus: 'paid',
      proposalId: proposal.id,
      items: [
        {
          description: `Deposit on proposal ${proposal.number}: AI readiness review`,
          quantity: 1,
          unitCode: 'C62',
          unitAmount: 120_000,
          category: 'S',
          rate: 19,
        },
      ],
      totals: { net: 120_000, tax: 22_800, gross: 142_800, due: 142_800 },
      payments: [expect.objectContaining({ amount: 142_800, provider: 'stripe' })],
    });

    await mailsSettled(deps.mailer);
    const mails = (deps.mailer as RecordingMailer).sent.filter(
      (m) => m.to === 'ada@client.example',
    );
    const invoiceMail = mails.find((m) => m.subject === 'Invoice INV-2026-0001: deposit received');
    expect(invoiceMail?.attachments?.map((file) => file.filename)).toEqual(['INV-2026-0001.pdf']);
    const pdf = await admin.invoices.pdf({ id: invoice.id });
    const bytes = Buffer.from(await (await pdf.open()).arrayBuffer());
    expect(invoiceMail?.attachments?.[0]?.content).toBe(bytes.toString('base64'));
    // The client's receipt says the invoice comes apart, no longer that Stripe sends one.
    const site = { name: 'Harbor AI', address: 'https://harbor.example', timeZone: 'UTC' };
    const paid = {
      leadId,
      leadName: 'Ada',
      number: 'P-1',
      title: 'Work',
      amount: 1,
      currency: 'EUR',
    };
    expect(clientReceiptMail('a@example.com', paid, site, true).text).toContain(
      'Your invoice for it comes in its own e-mail',
    );
    expect(clientReceiptMail('a@example.com', paid, site, false).text).toContain(
      'Stripe sends its own receipt and invoice',
    );
  });

  it('is issued with a payment recorded by hand, in that payment’s share of each rate', async () => {
    const { deps, admin, leadId } = await invoicing();
    const proposal = await storeProposal(deps, { leadId, items });
    await admin.proposals.recordPayment({ id: proposal.id, amount: 50_000, paidAt: '2026-01-14' });
    const { invoices: listed } = await admin.invoices.list({ leadId });
    expect(listed).toEqual([
      expect.objectContaining({
        role: 'deposit',
        number: 'INV-2026-0001',
        paymentStatus: 'paid',
        supplyDate: '2026-01-14',
        totals: expect.objectContaining({ gross: 50_000, net: 42_017, tax: 7_983 }),
      }),
    ]);
  });

  it('waits as a draft with the payment on it when the buyer has no details, and the lead says so', async () => {
    const { deps, admin, leadId, deliver } = await paidByStripe({ leadBuyer: null });
    expect((await deliver()).status).toBe(200);
    const rows = await deps.db.select().from(invoices).orderBy(asc(invoices.id)).all();
    expect(rows).toEqual([
      expect.objectContaining({ role: 'deposit', status: 'draft', number: null }),
    ]);
    const notes = await deps.db
      .select({ text: leadEvents.text })
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'note'))
      .all();
    expect(notes.map((note) => note.text)).toEqual([
      expect.stringMatching(/^Deposit invoice not issued: .*buyer/i),
    ]);
    // Once the buyer is given, the owner issues it and it reads paid.
    await admin.leads.update({
      id: leadId,
      data: {
        buyer: {
          name: 'Ada Client GmbH',
          addressLines: ['Hauptstraße 1'],
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
          vatId: null,
          reference: null,
          email: null,
        },
      },
    });
    const { invoice } = await admin.invoices.issue({ id: rows[0]!.id });
    expect(invoice).toMatchObject({ number: 'INV-2026-0001', paymentStatus: 'paid' });
  });

  it('is credited by what a card refund gave back, mailed, until all went back; once per event', async () => {
    const { deps, admin, leadId, deliver, refund } = await paidByStripe();
    await deliver();
    const part = refund(42_800);
    expect((await Promise.all([part(), part(), part()])).map((a) => a.status)).toEqual([
      200, 200, 200,
    ]);
    const documents = async () => (await admin.invoices.list({ leadId })).invoices;
    const [note, invoice] = await documents();
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'CN-2026-0001',
      credits: { number: 'INV-2026-0001' },
      items: [expect.objectContaining({ category: 'S', rate: 19 })],
      totals: expect.objectContaining({ net: 35_966, tax: 6_834, gross: 42_800 }),
    });
    expect(invoice).toMatchObject({
      paymentStatus: 'paid',
      balance: { paid: 100_000, credited: 42_800, outstanding: 0 },
    });
    await mailsSettled(deps.mailer);
    const mailed = (deps.mailer as RecordingMailer).sent.find(
      (m) => m.subject === 'Credit note CN-2026-0001: refund of €428.00',
    );
    expect(mailed?.to).toBe('ada@client.example');
    expect(mailed?.attachments?.map((file) => file.filename)).toEqual(['CN-2026-0001.pdf']);

    await refund(142_800)();
    const [whole, , paid] = await documents();
    expect(whole?.totals.gross).toBe(100_000);
    expect(paid).toMatchObject({
      paymentStatus: 'credited',
      balance: { paid: 0, credited: 142_800, outstanding: 0 },
    });
  });

  it('leaves a refund on a draft deposit invoice as a payment and a note to credit it once issued', async () => {
    const { deps, admin, leadId, deliver, refund } = await paidByStripe({ leadBuyer: null });
    await deliver();
    await refund(42_800)();
    const [draft] = (await admin.invoices.list({ leadId })).invoices;
    expect(draft?.payments.map((p) => p.amount)).toEqual([142_800, -42_800]);
    // Issued later, it would read overdue for what went back.
    expect(draft?.remindersStopped).toBe(true);
    const notes = await deps.db
      .select({ text: leadEvents.text })
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'note'))
      .all();
    expect(notes.at(-1)?.text).toBe(
      'A refund of €428.00 was made on a deposit whose invoice is still a draft: once it is issued, credit €428.00 on it. Its reminders are stopped.',
    );
  });

  it('credits the cent above a refund its rate cannot reach, so the invoice owes nothing', async () => {
    const { admin, leadId, deliver, refund } = await paidByStripe();
    await deliver();
    // At 19 % no net gives a gross of 10.05: the credit note is 10.06, never one cent short.
    await refund(1_005)();
    const [note, invoice] = (await admin.invoices.list({ leadId })).invoices;
    expect(note?.totals).toMatchObject({ net: 845, tax: 161, gross: 1_006 });
    expect(invoice).toMatchObject({
      paymentStatus: 'paid',
      balance: { paid: 141_795, credited: 1_006, outstanding: -1 },
    });
  });

  it('records a refund of an invoice credited whole by hand, with no second credit note', async () => {
    const { deps, admin, leadId, proposal, deliver, refund } = await paidByStripe();
    await deliver();
    const [deposit] = (await admin.invoices.list({ leadId })).invoices;
    await admin.invoices.credit({ id: deposit!.id, reason: 'Engagement cancelled' });
    expect((await refund(142_800)()).status).toBe(200);
    const documents = (await admin.invoices.list({ leadId })).invoices;
    expect(documents.map((d) => d.number)).toEqual(['CN-2026-0001', 'INV-2026-0001']);
    expect(documents[1]).toMatchObject({
      paymentStatus: 'credited',
      balance: { paid: 0, credited: 142_800, outstanding: 0 },
    });
    const [payment] = await deps.db
      .select({ refunded: proposalPayments.refundedAmount })
      .from(proposalPayments)
      .where(eq(proposalPayments.proposalId, proposal.id))
      .all();
    expect(payment?.refunded).toBe(142_800);
  });
});
