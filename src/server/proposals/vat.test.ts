/**
 * VAT on proposals (docs/invoices.md, "Proposals and deposits"): once invoicing is on, items
 * take the profile's category and rate unless given; the answer carries net, tax and the gross
 * total, and the deposit is charged gross. Before, a proposal has no tax, as it always had.
 */
import { describe, expect, it } from 'vitest';
import { adminCaller, createTestDeps } from '#tests/support/app';
import { invoicing } from '#tests/support/invoicing';
import { storeLeads } from '#tests/support/stored-leads';

const workshop = { description: 'Discovery workshop', quantity: 2, unitAmount: 180_000 };
const materials = {
  description: 'Materials',
  quantity: 1,
  unitAmount: 10_000,
  category: 'Z' as const,
};
const items = [workshop, materials];

describe('VAT on proposals', () => {
  it('takes the profile’s category and rate once invoicing is on, and charges the deposit gross', async () => {
    const { admin, leadId } = await invoicing();
    const { proposal } = await admin.proposals.create({
      id: leadId,
      title: 'Assistant',
      items,
      deposit: { kind: 'percent', value: 50 },
    });
    expect(proposal.items).toEqual([
      { ...workshop, category: 'S', rate: 19 },
      { ...materials, category: 'Z', rate: 0 },
    ]);
    // 3,600.00 at 19 % is 684.00; the zero-rated 100.00 has none.
    expect(proposal).toMatchObject({ net: 370_000, tax: 68_400, total: 438_400 });
    // Half of each group with its tax: 1,800.00 + 342.00 + 50.00.
    expect(proposal.depositAmount).toBe(219_200);
    const read = await admin.proposals.get({ id: proposal.id });
    expect(read.proposal).toMatchObject({ net: 370_000, tax: 68_400, total: 438_400 });
  });

  it('refuses a rate that does not fit the category the owner chose, and stores nothing', async () => {
    const { admin, leadId } = await invoicing();
    const before = await admin.proposals.list({});
    await expect(
      admin.proposals.create({
        id: leadId,
        title: 'Assistant',
        items: [{ description: 'Work', quantity: 1, unitAmount: 100, category: 'E', rate: 5 }],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // An exempt item given without a rate takes 0, never the profile's 19 for its standard rate.
    await expect(
      admin.proposals.create({
        id: leadId,
        title: 'Assistant',
        items: [{ description: 'Work', quantity: 1, unitAmount: 100, category: 'E' }],
      }),
    ).resolves.toMatchObject({ proposal: { items: [{ category: 'E', rate: 0 }] } });
    expect((await admin.proposals.list({})).total).toBe(before.total + 1);
  });

  it('leaves items without tax while invoicing is not set up', async () => {
    const deps = await createTestDeps();
    const admin = await adminCaller(deps);
    const [stored] = await storeLeads(deps, 1);
    const { proposal } = await admin.proposals.create({
      id: stored!.lead.id,
      title: 'Assistant',
      items: [workshop],
      deposit: { kind: 'amount', value: 100_000 },
    });
    expect(proposal.items).toEqual([workshop]);
    expect(proposal).toMatchObject({
      net: 360_000,
      tax: 0,
      total: 360_000,
      depositAmount: 100_000,
    });
  });
});
