/**
 * Credit notes (docs/invoices.md, "Credit notes"): issued at once in their own series, naming
 * the invoice; whole, by lines and quantities, or an amount at the invoice's one rate; never
 * more than is still creditable, and a refused credit issues nothing and takes no number.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceNumbers, invoices } from '#db/schema';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { INVOICE_MESSAGES as M } from '#shared/invoices/messages';
import { auditEntries } from '#tests/support/audit';
import { invoicing, ITEMS, type Invoicing } from '#tests/support/invoicing';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let env: Invoicing;
let id: number;

beforeEach(async () => {
  env = await invoicing();
  id = await env.draft();
  await env.admin.invoices.issue({ id });
});

const credit = (input: Record<string, unknown>) =>
  env.admin.invoices.credit({ id, reason: 'Corrected', ...input });

describe('a credit note', () => {
  it('credits the whole invoice, naming it, in its own series; then nothing is left', async () => {
    env.deps.clock.set(new Date('2026-01-20T09:00:00Z'));
    const { creditNote, invoice } = await credit({ reason: 'The engagement was cancelled' });
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      number: 'CN-2026-0001',
      status: 'issued',
      creditsInvoiceId: id,
      credits: { id, number: 'INV-2026-0001', issueDate: '2026-01-15' },
      issueDate: '2026-01-20',
      note: 'The engagement was cancelled',
      paymentStatus: 'credited',
      totals: { net: 547_500, tax: 104_025, gross: 651_525 },
    });
    expect(creditNote.items.map((item) => [item.description, item.quantity])).toEqual(
      ITEMS.map((item) => [item.description, item.quantity]),
    );
    expect(invoice).toMatchObject({
      paymentStatus: 'credited',
      creditNotes: [{ id: creditNote.id, number: 'CN-2026-0001', gross: 651_525 }],
      balance: { paid: 0, credited: 651_525, outstanding: 0 },
    });
    const again = await failure(credit({}));
    expect([again.code, again.message]).toEqual(['CONFLICT', DRAFT_MESSAGES.creditNothingLeft]);
    const audited = (await auditEntries(env.deps.db)).filter(
      (e) => e.action === 'invoice_credited',
    );
    expect(audited.map((e) => e.target)).toEqual(['CN-2026-0001 credits INV-2026-0001']);
  });

  it('credits lines in part, never an item beyond what is left of it', async () => {
    const part = await credit({ lines: [{ line: 1, quantity: 2.5 }] });
    expect(part.creditNote.totals).toMatchObject({ net: 37_500, tax: 7_125, gross: 44_625 });
    expect(part.invoice).toMatchObject({ paymentStatus: 'unpaid', balance: { credited: 44_625 } });
    expect(await issuesOf(credit({ lines: [{ line: 1, quantity: 10.001 }] }))).toEqual([
      { path: 'lines.0.quantity', message: 'At most 10 of this item is left to credit' },
    ]);
    expect(await issuesOf(credit({ lines: [{ line: 2 }] }))).toEqual([
      { path: 'lines.0.line', message: DRAFT_MESSAGES.creditLine },
    ]);
    // Whole, now: what is left of each line.
    const rest = await credit({});
    expect(rest.creditNote.items.map((item) => item.quantity)).toEqual([2, 10]);
    expect(rest.creditNote.number).toBe('CN-2026-0002');
    expect(rest.invoice.balance.credited).toBe(651_525);
  });

  it('credits a net amount at the invoice rate, up to what is creditable', async () => {
    const { creditNote } = await credit({ amount: 10_000 });
    expect(creditNote.items).toEqual([
      {
        description: 'Credit on invoice INV-2026-0001',
        quantity: 1,
        unitCode: 'C62',
        unitAmount: 10_000,
        category: 'S',
        rate: 19,
        net: 10_000,
      },
    ]);
    expect(creditNote.totals.gross).toBe(11_900);
    // 651,525 − 11,900 = 639,625 left; a net of 537,501 would be 639,626 gross.
    expect(await issuesOf(credit({ amount: 537_501 }))).toEqual([
      { path: 'amount', message: 'At most €6,396.25 is left to credit on this invoice' },
    ]);
    expect((await credit({ amount: 537_500 })).invoice.paymentStatus).toBe('credited');
  });

  it('credits all that is left after an amount, which named no lines, as an amount too', async () => {
    await credit({ amount: 10_000 });
    const { creditNote, invoice } = await credit({});
    expect(creditNote.totals.gross).toBe(639_625);
    expect(creditNote.items.map((item) => [item.description, item.rate])).toEqual([
      [expect.stringMatching(/^Credit: /), 19],
    ]);
    expect(invoice.paymentStatus).toBe('credited');
  });

  it('refuses an amount on several rates, lines and an amount together, and what is not an issued invoice', async () => {
    const mixed = await env.draft({
      items: [ITEMS[0], { ...ITEMS[1], rate: 7 }],
    });
    await env.admin.invoices.issue({ id: mixed });
    expect(
      await issuesOf(env.admin.invoices.credit({ id: mixed, amount: 1, reason: 'x' })),
    ).toEqual([{ path: 'amount', message: DRAFT_MESSAGES.creditSeveralRates }]);
    expect(await issuesOf(credit({ amount: 1, lines: [{ line: 0 }] }))).toEqual([
      { path: 'amount', message: DRAFT_MESSAGES.creditLinesOrAmount },
    ]);
    expect(await issuesOf(credit({ reason: ' ' }))).toEqual([
      { path: 'reason', message: DRAFT_MESSAGES.reason },
    ]);
    // Crediting the discount alone would be a negative credit note.
    const discounted = await env.draft({ items: [ITEMS[0], { ...ITEMS[0], unitAmount: -10_000 }] });
    await env.admin.invoices.issue({ id: discounted });
    const negative = env.admin.invoices.credit({
      id: discounted,
      lines: [{ line: 1 }],
      reason: 'x',
    });
    expect(await issuesOf(negative)).toEqual([{ path: 'lines', message: M.negativeTotal }]);
    const draft = await env.draft();
    const ofDraft = await failure(env.admin.invoices.credit({ id: draft, reason: 'x' }));
    expect([ofDraft.code, ofDraft.message]).toEqual(['CONFLICT', DRAFT_MESSAGES.creditNotInvoice]);
    const { creditNote } = await credit({ amount: 100 });
    const ofNote = await failure(env.admin.invoices.credit({ id: creditNote.id, reason: 'x' }));
    expect(ofNote.code).toBe('CONFLICT');
    // One credit note issued, one number taken in its series.
    const notes = await env.deps.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(notes.map((note) => note.number)).toEqual(['CN-2026-0001']);
    const series = await env.deps.db
      .select()
      .from(invoiceNumbers)
      .where(eq(invoiceNumbers.series, 'CN'));
    expect(series.map((row) => row.last)).toEqual([1]);
  });
});
