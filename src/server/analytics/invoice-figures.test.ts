/**
 * What invoices add to the Overview (docs/invoices.md, "The Overview"; docs/payments.md, "Won
 * value"), with issued invoices, a credit note and payments made through the procedures: the
 * outstanding balance, the part of it overdue in the site's zone, and this month's payments,
 * a deposit invoice's included; and a won lead's final or standalone invoice payments count in
 * its source's won value, a deposit invoice's not (it is the proposal's payment).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { invoicePayments, invoices, leads } from '#db/schema';
import { invoicing, type Invoicing } from '#tests/support/invoicing';

let env: Invoicing;
const ids: Record<string, number> = {};

/** A deposit invoice of 1,000.00 paid now: as the proposals' payment writes it. */
async function paidDeposit(leadId: number) {
  const now = env.deps.clock.now();
  await writeTransaction(env.deps.db, async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        role: 'deposit',
        status: 'issued',
        number: 'INV-2026-0900',
        leadId,
        currency: 'EUR',
        issueDate: '2026-01-15',
        dueDate: '2026-01-15',
        net: 100_000,
        gross: 100_000,
        updatedAt: now,
        issuedAt: now,
      })
      .returning();
    await tx
      .insert(invoicePayments)
      .values({
        invoiceId: row!.id,
        amount: 100_000,
        currency: 'EUR',
        provider: 'stripe',
        providerRef: 'pi_deposit',
        paidAt: now,
      })
      .run();
  });
}

beforeEach(async () => {
  env = await invoicing();
  const { admin, deps } = env;
  // December's invoice (due 2025-12-15) is overdue on 2026-01-15; its payment is December's.
  deps.clock.set(new Date('2025-12-01T10:00:00Z'));
  ids.december = (await admin.invoices.issue({ id: await env.draft() })).invoice.id;
  await admin.invoices.recordPayment({ id: ids.december, amount: 100_000, paidAt: '2025-12-10' });
  deps.clock.set(new Date('2026-01-15T10:00:00Z'));
  ids.january = (await admin.invoices.issue({ id: await env.draft() })).invoice.id;
  await admin.invoices.recordPayment({ id: ids.january, amount: 200_000, paidAt: '2026-01-15' });
  // 2.5 hours at 150.00 plus 19 %: 446.25 credited on December's.
  await admin.invoices.credit({
    id: ids.december,
    lines: [{ line: 1, quantity: 2.5 }],
    reason: 'Two and a half hours were not worked.',
  });
  await paidDeposit(env.leadId);
  // A refund this month of December's payment (as a card refund is kept): not a payment.
  const december = ids.december;
  await writeTransaction(deps.db, async (tx) => {
    await tx
      .insert(invoicePayments)
      .values({
        invoiceId: december,
        amount: -50_000,
        currency: 'EUR',
        provider: 'stripe',
        providerRef: 'pi_december:refunded:50000',
        paidAt: new Date('2026-01-14T10:00:00Z'),
      })
      .run();
  });
  // A draft owes nothing yet.
  await env.draft();
});

describe('the Overview: invoices', () => {
  it('outstanding, overdue and paid this month, per currency', async () => {
    const { invoices: figures } = await env.admin.analytics.report({});
    expect(figures).toEqual([
      {
        currency: 'EUR',
        // December's 6,515.25 less 500.00 kept (1,000.00 paid, 500.00 refunded) and 446.25
        // credited, and January's less 2,000.00.
        outstanding: 556_900 + 451_525,
        overdue: 556_900,
        // January's 2,000.00 and the deposit invoice's 1,000.00; the refund not taken off.
        paidThisMonth: 300_000,
      },
    ]);
  });

  it('is empty before the first invoice', async () => {
    const fresh = await invoicing();
    expect((await fresh.admin.analytics.report({})).invoices).toEqual([]);
  });
});

describe('won value by source', () => {
  it("counts a won lead's final and standalone invoice payments, not its deposit invoice's", async () => {
    await writeTransaction(env.deps.db, (tx) =>
      tx
        .update(leads)
        .set({ status: 'won', source: 'invoiced.example', value: 5 })
        .where(eq(leads.id, env.leadId))
        .run(),
    );
    const { sources } = await env.admin.analytics.report({});
    // 1,000.00 + 2,000.00 on the standalone invoices, in whole euros; not the typed 5.
    expect(sources.find((s) => s.source === 'invoiced.example')).toMatchObject({
      won: 1,
      wonValue: 3_000,
    });
  });
});
