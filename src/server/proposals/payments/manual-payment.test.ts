/**
 * A payment the owner received by hand (docs/payments.md): POST
 * /api/proposals/:id/payments, admin only, on an accepted proposal, audited, with the lead's
 * timeline entry; the proposal answered shows it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadEvents } from '#db/schema';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import { adminCaller, callerFor, createTestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeProposal } from '#tests/support/accepted-proposal';
import { rest, signedInRestApp, UNAUTHORIZED } from '#tests/support/rest';

describe('POST /api/proposals/:id/payments', () => {
  it('records the payment: 201 with it and the proposal, a timeline entry, an audit entry', async () => {
    const { deps, asAdmin } = await signedInRestApp();
    const proposal = await storeProposal(deps);
    const answer = await asAdmin('POST', `/api/proposals/${proposal.id}/payments`, {
      json: { amount: 120_000, paidAt: '2026-01-14', note: 'Bank transfer, ref 42' },
    });
    expect(answer.status).toBe(201);
    const payment = {
      id: expect.any(Number) as number,
      proposalId: proposal.id,
      amount: 120_000,
      currency: 'EUR',
      provider: 'manual',
      providerRef: null,
      paidAt: '2026-01-14T00:00:00.000Z',
      refundedAmount: 0,
      note: 'Bank transfer, ref 42',
    };
    expect(answer.body).toMatchObject({
      success: true,
      payment,
      proposal: { id: proposal.id, status: 'accepted', payments: [payment] },
    });
    const entries = await deps.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'payment_received'))
      .all();
    expect(entries).toMatchObject([
      {
        leadId: proposal.leadId,
        proposalId: proposal.id,
        actor: 'admin',
        text: 'Payment recorded: €1,200.00. Bank transfer, ref 42',
      },
    ]);
    const audit = await auditEntries(deps.db);
    expect(audit.at(-1)).toMatchObject({
      action: 'payment_recorded',
      target: `proposal ${proposal.number} (${proposal.id}): 120000 EUR`,
    });
  });

  it('a day is the start of that day in the site zone; a date and time keeps its offset', async () => {
    const deps = await createTestDeps();
    const admin = await adminCaller(deps);
    const proposal = await storeProposal(deps);
    const { payment } = await admin.proposals.recordPayment({
      id: proposal.id,
      amount: 500,
      paidAt: '2026-01-14T09:30:00+02:00',
    });
    expect(payment.paidAt).toBe('2026-01-14T07:30:00.000Z');
    expect(payment.note).toBeNull();
  });

  it('refuses a proposal not accepted (409), an unknown one (404), bad input (400)', async () => {
    const { deps, asAdmin } = await signedInRestApp();
    const sent = await storeProposal(deps, { status: 'sent' });
    const path = (id: number) => `/api/proposals/${id}/payments`;
    expect(
      await asAdmin('POST', path(sent.id), { json: { amount: 100, paidAt: '2026-01-14' } }),
    ).toMatchObject({
      status: 409,
      body: { success: false, message: PROPOSAL_MESSAGES.paymentNotAccepted },
    });
    expect(
      (await asAdmin('POST', path(99_999), { json: { amount: 100, paidAt: '2026-01-14' } })).status,
    ).toBe(404);
    const bad = await asAdmin('POST', path(sent.id), { json: { amount: 0, paidAt: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it('is for administrators only', async () => {
    const { app, deps } = await signedInRestApp();
    const proposal = await storeProposal(deps);
    const answer = await rest(app, 'POST', `/api/proposals/${proposal.id}/payments`, {
      json: { amount: 100, paidAt: '2026-01-14' },
    });
    expect(answer).toMatchObject({ status: 401, body: UNAUTHORIZED });
    await expect(
      callerFor(deps).caller.proposals.recordPayment({
        id: proposal.id,
        amount: 1,
        paidAt: '2026-01-14',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
