/**
 * The final invoice (docs/invoices.md, "The balance"): POST /api/proposals/:id/final-invoice
 * writes a draft of the accepted proposal's items with its deposit invoices deducted as paid
 * before (BT-113); a deposit paid after the draft is deducted when it is issued; one final
 * invoice per proposal; 404 and 409 otherwise.
 */
import { describe, expect, it } from 'vitest';
import { storeProposal } from '#tests/support/accepted-proposal';
import { invoicing, PROPOSAL_VAT_ITEMS as items } from '#tests/support/invoicing';
import { signedInRestApp } from '#tests/support/rest';
import { FINAL_MESSAGES } from './final-invoice';

async function accepted() {
  const { deps, asAdmin } = await signedInRestApp();
  const set = await invoicing({ deps });
  const proposal = await storeProposal(deps, { leadId: set.leadId, items });
  return { ...set, asAdmin, proposal };
}

describe('POST /api/proposals/:id/final-invoice', () => {
  it('drafts the balance: the proposal’s items, the deposit invoice deducted, issued with its number', async () => {
    const { admin, asAdmin, proposal } = await accepted();
    await admin.proposals.recordPayment({ id: proposal.id, amount: 142_800, paidAt: '2026-01-14' });
    const answer = await asAdmin('POST', `/api/proposals/${proposal.id}/final-invoice`);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      invoice: {
        role: 'final',
        status: 'draft',
        number: null,
        proposalId: proposal.id,
        items: [{ ...items[0], unitCode: 'C62' }],
        totals: { net: 400_000, tax: 76_000, gross: 476_000, prepaid: 142_800, due: 333_200 },
      },
    });
    const id = (answer.body as { invoice: { id: number } }).invoice.id;
    const { invoice } = await admin.invoices.issue({ id });
    expect(invoice).toMatchObject({
      number: 'INV-2026-0002',
      paymentStatus: 'unpaid',
      totals: { prepaid: 142_800, due: 333_200 },
    });
    // The XML names the deposit invoice deducted and the amount paid before.
    const xml = await (await (await admin.invoices.xml({ id })).open()).text();
    expect(xml).toContain('<ram:IssuerAssignedID>INV-2026-0001</ram:IssuerAssignedID>');
    expect(xml).toContain('<ram:TotalPrepaidAmount>1428.00</ram:TotalPrepaidAmount>');
    expect(xml).toContain('<ram:DuePayableAmount>3332.00</ram:DuePayableAmount>');
  });

  it('deducts a deposit paid after the draft was written, when it is issued', async () => {
    const { admin, proposal } = await accepted();
    const { invoice: draft } = await admin.invoices.finalDraft({ id: proposal.id });
    expect(draft.totals.prepaid).toBe(0);
    await admin.proposals.recordPayment({ id: proposal.id, amount: 100_000, paidAt: '2026-01-15' });
    const { invoice } = await admin.invoices.issue({ id: draft.id });
    expect(invoice.totals).toMatchObject({ prepaid: 100_000, due: 376_000 });
  });

  it('refuses an unknown proposal, one not accepted, and a second final invoice', async () => {
    const { deps, admin, asAdmin, leadId, proposal } = await accepted();
    expect((await asAdmin('POST', '/api/proposals/999999/final-invoice')).status).toBe(404);
    const sent = await storeProposal(deps, { leadId, items, status: 'sent' });
    const early = await asAdmin('POST', `/api/proposals/${sent.id}/final-invoice`);
    expect(early).toMatchObject({ status: 409, body: { message: FINAL_MESSAGES.notAccepted } });
    await admin.invoices.finalDraft({ id: proposal.id });
    const twice = await asAdmin('POST', `/api/proposals/${proposal.id}/final-invoice`);
    expect(twice).toMatchObject({ status: 409, body: { message: FINAL_MESSAGES.exists } });
    expect((await admin.invoices.list({ leadId })).invoices).toHaveLength(1);
  });
});
