/**
 * Payments recorded by hand and the payment status (docs/invoices.md, "Payments"): part paid,
 * paid, overdue past the due day in the site's zone, credited; never more than is owed, and
 * only on an issued invoice. Each payment is on the lead's timeline and audited.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoicePayments, leadEvents } from '#db/schema';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { auditEntries } from '#tests/support/audit';
import { invoicing, type Invoicing } from '#tests/support/invoicing';
import { failure } from '#tests/support/trpc-errors';

let env: Invoicing;
let id: number;

beforeEach(async () => {
  env = await invoicing();
  id = await env.draft();
  await env.admin.invoices.issue({ id });
});

const pay = (amount: number, paidAt = '2026-01-20', note?: string) =>
  env.admin.invoices.recordPayment({ id, amount, paidAt, ...(note ? { note } : {}) });

describe('payments', () => {
  it('moves unpaid to part paid to paid, on the timeline and audited', async () => {
    const part = await pay(151_525, '2026-01-20', 'Bank transfer, first half');
    expect(part.payment).toMatchObject({
      invoiceId: id,
      amount: 151_525,
      currency: 'EUR',
      provider: 'manual',
      providerRef: null,
      paidAt: '2026-01-20T00:00:00.000Z',
      note: 'Bank transfer, first half',
    });
    expect(part.invoice).toMatchObject({
      paymentStatus: 'part_paid',
      balance: { paid: 151_525, credited: 0, outstanding: 500_000 },
    });
    const whole = await pay(500_000, '2026-01-22T15:30:00+01:00');
    expect(whole.payment.paidAt).toBe('2026-01-22T14:30:00.000Z');
    expect(whole.invoice).toMatchObject({ paymentStatus: 'paid', balance: { outstanding: 0 } });
    expect(whole.invoice.payments.map((p) => p.amount)).toEqual([151_525, 500_000]);
    const timeline = await env.deps.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'payment_received'));
    expect(timeline.map((e) => e.text)).toEqual([
      'Payment recorded on invoice INV-2026-0001: €1,515.25. Bank transfer, first half',
      'Payment recorded on invoice INV-2026-0001: €5,000.00',
    ]);
    const audited = (await auditEntries(env.deps.db)).filter(
      (e) => e.action === 'payment_recorded',
    );
    expect(audited.map((e) => e.target)).toEqual([
      'INV-2026-0001: 151525 EUR',
      'INV-2026-0001: 500000 EUR',
    ]);
  });

  it('refuses more than is owed with 409, and stores nothing', async () => {
    await pay(600_000);
    const over = await failure(pay(51_526));
    expect([over.code, over.message]).toEqual([
      'CONFLICT',
      'That is more than is still owed on this invoice: €515.25',
    ]);
    await pay(51_525);
    const none = await failure(pay(1));
    expect([none.code, none.message]).toEqual(['CONFLICT', 'Nothing is owed on this invoice']);
    expect(await env.deps.db.select().from(invoicePayments).all()).toHaveLength(2);
  });

  it('only on an issued invoice', async () => {
    const draft = await env.draft();
    const refused = await failure(
      env.admin.invoices.recordPayment({ id: draft, amount: 100, paidAt: '2026-01-20' }),
    );
    expect([refused.code, refused.message]).toEqual(['CONFLICT', DRAFT_MESSAGES.paymentNotIssued]);
    const missing = await failure(
      env.admin.invoices.recordPayment({ id: 999, amount: 100, paidAt: '2026-01-20' }),
    );
    expect(missing.code).toBe('NOT_FOUND');
  });
});

describe('the payment status', () => {
  it('reads overdue the day after the due day, in part paid or not; a credit lowers what is owed', async () => {
    // Due Thursday 29 January 2026 (14 days): still unpaid on that day, overdue the next.
    env.deps.clock.set(new Date('2026-01-29T23:00:00Z'));
    expect((await env.admin.invoices.get({ id })).invoice.paymentStatus).toBe('unpaid');
    env.deps.clock.set(new Date('2026-01-30T00:00:00Z'));
    expect((await env.admin.invoices.get({ id })).invoice.paymentStatus).toBe('overdue');
    await pay(100_000);
    expect((await env.admin.invoices.get({ id })).invoice.paymentStatus).toBe('overdue');
    const { invoice } = await env.admin.invoices.credit({
      id,
      amount: 100_000,
      reason: 'Discount',
    });
    expect(invoice.balance).toEqual({ paid: 100_000, credited: 119_000, outstanding: 432_525 });
    const rest = await failure(pay(432_526));
    expect(rest.code).toBe('CONFLICT');
    expect((await pay(432_525)).invoice.paymentStatus).toBe('paid');
  });
});
