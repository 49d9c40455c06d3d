/**
 * A person's proposals when they are erased (docs/proposals.md, "Records"): the signed one is
 * the contract and stays, with its signature and payments, unlinked, its client link ended, and
 * the erasure says so; it is read in the admin and as a PDF, never changed. The others go.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { proposalPayments, proposals } from '#db/schema';
import { storeProposal } from '#tests/support/accepted-proposal';
import { signedInRestApp } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { adminCaller } from '#tests/support/app';
import { KEPT_RECORD_MESSAGE } from './proposal-json';

describe('a person’s proposals', () => {
  it('keep the signed one as a read-only record, unlinked and said; the others go', async () => {
    const { app, deps, asAdmin, cookie } = await signedInRestApp();
    const admin = await adminCaller(deps);
    const signed = await storeProposal(deps);
    const open = await storeProposal(deps, { leadId: signed.leadId, status: 'sent' });
    await admin.proposals.recordPayment({ id: signed.id, amount: 120_000, paidAt: '2026-01-15' });
    expect((await app.request(`/p/${signed.token}`)).status).toBe(200);
    const { proposal: before } = await admin.proposals.get({ id: signed.id });

    const erased = await asAdmin('DELETE', `/api/leads/${signed.leadId}`);
    expect(erased).toMatchObject({
      status: 200,
      body: { success: true, kept: { invoices: [], proposals: [`${signed.number} v1`] } },
    });
    const rows = await deps.db.select().from(proposals).all();
    expect(rows.map((row) => [row.id, row.leadId, row.tokenHash])).toEqual([
      [signed.id, null, null],
    ]);
    expect(rows.some((row) => row.id === open.id)).toBe(false);
    const payments = await deps.db
      .select()
      .from(proposalPayments)
      .where(eq(proposalPayments.proposalId, signed.id))
      .all();
    expect(payments.map((p) => p.amount)).toEqual([120_000]);

    // The same record as before, signature and payment included: only the lead is gone.
    const { proposal: after } = await admin.proposals.get({ id: signed.id });
    expect(after).toEqual({ ...before, leadId: null });
    const listed = await admin.proposals.list({});
    expect(listed.proposals.map((p) => [p.id, p.lead])).toEqual([[signed.id, null]]);
    expect(listed.total).toBe(1);
    const pdf = await app.request(`/api/proposals/${signed.id}/pdf`, { headers: { cookie } });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    // Read, never changed; and the client's link is gone.
    const refused = await failure(
      admin.proposals.recordPayment({ id: signed.id, amount: 100, paidAt: '2026-01-16' }),
    );
    expect([refused.code, refused.message]).toEqual(['CONFLICT', KEPT_RECORD_MESSAGE]);
    expect((await app.request(`/p/${signed.token}`)).status).toBe(404);
  });
});
