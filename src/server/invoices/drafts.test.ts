/**
 * Drafts (docs/invoices.md, "Drafts"): no number, the profile's defaults, the figures from the
 * items, each refusal naming its field, changes and deletion audited, the list and its filter;
 * and once issued, no change: PATCH and DELETE answer 409 and the record stays as it was.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoices } from '#db/schema';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { INVOICE_MESSAGES as M } from '#shared/invoices/messages';
import type { InvoiceStatus } from '#shared/invoices/records';
import { auditEntries } from '#tests/support/audit';
import { invoicing, ITEMS, type Invoicing } from '#tests/support/invoicing';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let env: Invoicing;

beforeEach(async () => {
  env = await invoicing();
});

describe('a draft', () => {
  it("has no number, takes the profile's rate and the site's currency, and its figures from the items", async () => {
    const { invoice } = await env.admin.invoices.get({ id: await env.draft() });
    expect(invoice).toMatchObject({
      kind: 'invoice',
      role: 'standalone',
      number: null,
      status: 'draft',
      paymentStatus: 'unpaid',
      leadId: env.leadId,
      currency: 'EUR',
      issueDate: null,
      dueDate: null,
      seller: null,
      buyer: null,
      documentHash: null,
      issuedAt: null,
    });
    expect(invoice.items.map((item) => [item.category, item.rate, item.net])).toEqual([
      ['S', 19, 360_000],
      ['S', 19, 187_500],
    ]);
    // 547,500 at 19 % is 104,025: rounded once for the group.
    expect(invoice.totals).toEqual({
      net: 547_500,
      groups: [{ category: 'S', rate: 19, base: 547_500, tax: 104_025 }],
      tax: 104_025,
      gross: 651_525,
      prepaid: 0,
      due: 651_525,
    });
    const [entry] = (await auditEntries(env.deps.db)).filter((e) => e.action === 'invoice_created');
    expect(entry?.target).toBe(`invoice draft ${invoice.id}`);
  });

  it('refuses each bad field by its name, and stores nothing', async () => {
    const create = (fields: Record<string, unknown>) =>
      issuesOf(env.admin.invoices.create({ leadId: env.leadId, items: [...ITEMS], ...fields }));
    const item = { ...ITEMS[0] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ currency: 'EURO' }, 'currency', M.currency],
      [{ currency: 'XAU' }, 'currency', M.currency],
      [{ items: [{ ...item, rate: 100.5 }] }, 'items.0.rate', M.rate],
      [{ items: [{ ...item, category: 'S', rate: 0 }] }, 'items.0.rate', M.standardRate],
      [{ items: [{ ...item, category: 'Z', rate: 7 }] }, 'items.0.rate', M.zeroRate],
      [{ items: Array.from({ length: 101 }, () => item) }, 'items', M.itemsMax],
      [{ items: [item, { ...item, unitAmount: -400_000 }] }, 'items', M.negativeTotal],
      [{ dueDate: '2026-01-14' }, 'dueDate', M.dueBeforeIssue],
      [{ dueDate: '2026-02-30' }, 'dueDate', M.day],
      [
        { supplyDate: '2026-01-10', supplyPeriod: { from: '2026-01-01', to: '2026-01-09' } },
        'supplyDate',
        M.supplyBoth,
      ],
    ];
    for (const [fields, path, message] of cases) {
      expect(await create(fields), path).toEqual([{ path, message }]);
    }
    const unknownLead = await failure(env.admin.invoices.create({ leadId: 9999 }));
    expect([unknownLead.code, unknownLead.message]).toEqual([
      'NOT_FOUND',
      DRAFT_MESSAGES.leadNotFound,
    ]);
    expect(await env.deps.db.select().from(invoices).all()).toEqual([]);
  });

  it('changes, with its figures computed again, and is deleted; each audited', async () => {
    const id = await env.draft();
    const { invoice } = await env.admin.invoices.update({
      id,
      items: [
        {
          description: 'Training',
          quantity: 1,
          unitCode: 'DAY',
          unitAmount: 100_000,
          category: 'E',
          rate: 0,
        },
      ],
      exemptionText: 'Exempt: vocational training',
      dueDate: '2026-02-28',
      supplyPeriod: { from: '2026-01-05', to: '2026-01-09' },
      ...({ gross: 1 } as object),
    });
    expect(invoice).toMatchObject({
      dueDate: '2026-02-28',
      supplyPeriod: { from: '2026-01-05', to: '2026-01-09' },
      exemptionText: 'Exempt: vocational training',
      totals: { net: 100_000, tax: 0, gross: 100_000 },
    });
    expect(await env.admin.invoices.remove({ id })).toEqual({ success: true });
    expect((await failure(env.admin.invoices.get({ id }))).code).toBe('NOT_FOUND');
    const entries = (await auditEntries(env.deps.db)).filter((e) => e.target?.endsWith(` ${id}`));
    expect(entries.map((e) => e.action)).toEqual([
      'invoice_created',
      'invoice_updated',
      'invoice_deleted',
    ]);
  });
});

describe('an issued invoice', () => {
  it('refuses PATCH and DELETE with 409, and nothing changes', async () => {
    const id = await env.draft();
    await env.admin.invoices.issue({ id });
    const before = await env.deps.db.select().from(invoices).where(eq(invoices.id, id)).get();
    const changed = await failure(
      env.admin.invoices.update({ id, items: [{ ...ITEMS[0], unitAmount: 1 }] }),
    );
    expect([changed.code, changed.message]).toEqual(['CONFLICT', DRAFT_MESSAGES.notDraft]);
    const deleted = await failure(env.admin.invoices.remove({ id }));
    expect([deleted.code, deleted.message]).toEqual(['CONFLICT', DRAFT_MESSAGES.notDraftDeleted]);
    expect(await env.deps.db.select().from(invoices).where(eq(invoices.id, id)).get()).toEqual(
      before,
    );
  });
});

describe('the list', () => {
  it('filters by status, issue days, lead and role, the overdue first, then newest', async () => {
    const first = await env.draft();
    await env.admin.invoices.issue({ id: first });
    env.deps.clock.set(new Date('2026-02-10T09:00:00Z'));
    const second = await env.draft();
    await env.admin.invoices.issue({ id: second });
    const draft = await env.draft();
    const ids = async (filter: Record<string, unknown>) =>
      (await env.admin.invoices.list(filter)).invoices.map((invoice) => invoice.id);
    // Due 29 January, unpaid on 10 February: overdue, so first.
    expect(await ids({})).toEqual([first, draft, second]);
    expect(await ids({ status: 'draft' })).toEqual([draft]);
    expect(await ids({ status: 'issued', from: '2026-02-01' })).toEqual([second]);
    expect(await ids({ from: '', to: '2026-01-31', leadId: String(env.leadId) })).toEqual([first]);
    expect(await ids({ leadId: env.leadId + 1 })).toEqual([]);
    // By role: these are standalone; a lead's final invoices are asked this way too.
    expect(await ids({ leadId: env.leadId, role: 'standalone' })).toEqual([first, draft, second]);
    expect(await ids({ leadId: env.leadId, role: 'final' })).toEqual([]);
    expect((await issuesOf(env.admin.invoices.list({ role: 'any' as 'final' })))[0]?.path).toBe(
      'role',
    );
    expect(await env.admin.invoices.list({})).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(
      (await issuesOf(env.admin.invoices.list({ status: 'paid' as InvoiceStatus })))[0]?.path,
    ).toBe('status');
    expect((await issuesOf(env.admin.invoices.list({ from: '2026-13-01' })))[0]?.path).toBe('from');
  });

  it('sorts the overdue first across its pages, until paid', async () => {
    const late = await env.draft();
    await env.admin.invoices.issue({ id: late });
    const drafts: number[] = [];
    for (let i = 0; i < 25; i += 1) drafts.push(await env.draft());
    const page = async (n: number) =>
      (await env.admin.invoices.list({ page: n })).invoices.map((invoice) => invoice.id);
    // Not yet due: the oldest, alone on the second page.
    expect(await page(2)).toEqual([late]);
    env.deps.clock.set(new Date('2026-02-10T09:00:00Z'));
    expect(await page(1)).toEqual([late, ...drafts.slice(1).reverse()]);
    expect(await page(2)).toEqual([drafts[0]]);
    const { invoice } = await env.admin.invoices.get({ id: late });
    await env.admin.invoices.recordPayment({
      id: late,
      amount: invoice.balance.outstanding - 1,
      paidAt: '2026-02-09',
    });
    expect((await page(1))[0]).toBe(late);
    await env.admin.invoices.recordPayment({ id: late, amount: 1, paidAt: '2026-02-10' });
    expect(await page(2)).toEqual([late]);
  });
});
