/**
 * A person's invoices in their data (docs/invoices.md, "Records"): the lead's export includes
 * its invoices without the link's hash; erasing the lead keeps each issued document with its
 * frozen parties and payments (a record the law keeps), unlinked, its client link ended, and
 * says so; drafts and the mails go.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoicePayments, invoices, outbox } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import type { RecordingMailer } from '#tests/support/app';
import { invoicing } from '#tests/support/invoicing';
import { signedInRestApp } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { SEND_MESSAGES } from './send';

describe('a person’s invoices', () => {
  it('are in the export, and outlive the erasure as issued records, unlinked and said', async () => {
    const { app, deps, asAdmin } = await signedInRestApp();
    const { admin, leadId, draft } = await invoicing({ deps });
    const { invoice } = await admin.invoices.issue({ id: await draft(), send: true });
    await admin.invoices.recordPayment({ id: invoice.id, amount: 10_000, paidAt: '2026-01-15' });
    const kept = await draft();
    await mailsSettled(deps.mailer);
    const token = /\/i\/([\w-]+)/.exec((deps.mailer as RecordingMailer).sent[0]?.text ?? '')?.[1];
    expect((await app.request(`/i/${token}`)).status).toBe(200);

    const exported = await asAdmin('GET', `/api/leads/${leadId}/export`);
    const data = exported.body as { invoices: Record<string, unknown>[] };
    expect(data.invoices.map((row) => [row.number, row.status])).toEqual([
      ['INV-2026-0001', 'issued'],
      [null, 'draft'],
    ]);
    expect(JSON.stringify(data)).not.toContain('tokenHash');
    expect(data.invoices[0]).toMatchObject({
      payments: [expect.objectContaining({ amount: 10_000 })],
    });

    const { invoice: before } = await admin.invoices.get({ id: invoice.id });
    const erased = await asAdmin('DELETE', `/api/leads/${leadId}`);
    expect(erased).toMatchObject({
      status: 200,
      body: { success: true, kept: { invoices: ['INV-2026-0001'], proposals: [] } },
    });
    const rows = await deps.db.select().from(invoices).all();
    expect(rows).toEqual([
      expect.objectContaining({
        id: invoice.id,
        number: 'INV-2026-0001',
        leadId: null,
        tokenHash: null,
        remindersStopped: true,
        documentHash: invoice.documentHash,
      }),
    ]);
    expect(rows.some((row) => row.id === kept)).toBe(false);
    expect(
      await deps.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoice.id))
        .all(),
    ).toHaveLength(1);
    // The same document as before, its frozen parties and payment kept: only the lead is gone.
    const { invoice: after } = await admin.invoices.get({ id: invoice.id });
    expect(after).toEqual({ ...before, leadId: null, remindersStopped: true });
    // And they stay stopped: the owner cannot turn them on for an erased client.
    const again = await failure(admin.invoices.reminders({ id: invoice.id, stopped: false }));
    expect([again.code, again.message]).toEqual(['CONFLICT', SEND_MESSAGES.erasedReminders]);
    const mails = await deps.db.select({ ref: outbox.ref }).from(outbox).all();
    expect(mails.filter((mail) => mail.ref?.startsWith('invoice'))).toEqual([]);
    expect((await app.request(`/i/${token}`)).status).toBe(404);
  });
});
