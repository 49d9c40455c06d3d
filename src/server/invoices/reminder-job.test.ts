/**
 * Payment reminders on a driven clock (docs/invoices.md, "Reminders"): from 09:00 in the site's
 * zone on the due day plus each offset, one per invoice a day across instances, none once paid
 * or stopped, on the lead's timeline; an invoice issued after 09:00 with a reminder due that
 * day gets it at the next look. The clock is set, never waited for.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceReminders, leadEvents, outbox } from '#db/schema';
import { createTestDeps, testConfig } from '#tests/support/app';
import { invoicing, SELLER_PROFILE } from '#tests/support/invoicing';
import { invoiceReminderJob, REMINDER_LOOK_MS, reminderWords } from './reminder-job';

/** Berlin is UTC+1 in winter: 08:00Z is 09:00 there. */
async function issued() {
  const config = testConfig({ siteTimezone: 'Europe/Berlin' });
  const set = await invoicing({ deps: await createTestDeps({ config }) });
  // Issued on Thursday 15 January 2026 at 11:00 in Berlin, due 14 days later: 29 January.
  const { invoice } = await set.admin.invoices.issue({ id: await set.draft() });
  const job = () => invoiceReminderJob(set.deps);
  const at = (iso: string) => {
    set.deps.clock.set(new Date(iso));
    return set.deps.clock.now();
  };
  const reminders = () =>
    set.deps.db
      .select({ to: outbox.toEmail, subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.kind, 'proposal'))
      .orderBy(asc(outbox.id))
      .all();
  return { ...set, invoice, job, at, reminders };
}

describe('invoice reminders', () => {
  it('go at 09:00 site time on each reminder day, once a day across instances', async () => {
    const { deps, invoice, job, at, reminders } = await issued();
    expect(invoice.dueDate).toBe('2026-01-29');
    // Three days before the due day (offset -3), at 08:59 in Berlin: not yet.
    expect(await job().turn(at('2026-01-26T07:59:00Z'))).toEqual({ kind: 'idle' });
    expect(await reminders()).toEqual([]);
    // 09:00 there: two instances look at once, one reminder goes.
    const now = at('2026-01-26T08:00:00Z');
    const turns = await Promise.all([job().turn(now), job().turn(now)]);
    expect(turns.map((turn) => turn.kind).sort()).toEqual(['idle', 'worked']);
    expect(await reminders()).toEqual([
      {
        to: 'ada@client.example',
        subject: 'Reminder: invoice INV-2026-0001 is due on Thursday, 29 January 2026',
      },
    ]);
    // Later that day, and the day after (no offset): nothing more.
    expect(await job().turn(at('2026-01-26T15:00:00Z'))).toEqual({ kind: 'idle' });
    expect(await job().turn(at('2026-01-27T08:00:00Z'))).toEqual({ kind: 'idle' });
    // A week after the due day (offset 7): overdue.
    expect(await job().turn(at('2026-02-05T08:01:00Z'))).toEqual({ kind: 'worked' });
    expect((await reminders()).at(-1)?.subject).toBe(
      'Reminder: invoice INV-2026-0001 was due on Thursday, 29 January 2026',
    );
    const timeline = await deps.db
      .select({ text: leadEvents.text })
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'invoice_sent'))
      .all();
    expect(timeline.map((entry) => entry.text)).toEqual([
      'Reminder for invoice INV-2026-0001: €6,515.25 owed',
      'Reminder for invoice INV-2026-0001: €6,515.25 owed',
    ]);
    expect(await deps.db.select().from(invoiceReminders).all()).toHaveLength(2);
  });

  it('stop once paid or when the owner stops them, and look once a minute', async () => {
    const { admin, invoice, draft, job, at, reminders } = await issued();
    const stopped = await admin.invoices.issue({ id: await draft() });
    await admin.invoices.reminders({ id: stopped.invoice.id, stopped: true });
    await admin.invoices.recordPayment({ id: invoice.id, amount: 651_525, paidAt: '2026-01-20' });
    const looking = job();
    expect(await looking.turn(at('2026-01-26T08:00:00Z'))).toEqual({ kind: 'idle' });
    expect(await reminders()).toEqual([]);
    // Switched on again: the same job looks again only a minute after its last look.
    await admin.invoices.reminders({ id: stopped.invoice.id, stopped: false });
    expect(await looking.turn(at('2026-01-26T08:00:30Z'))).toEqual({ kind: 'idle' });
    expect(
      await looking.turn(
        at(new Date(Date.parse('2026-01-26T08:00:00Z') + REMINDER_LOOK_MS).toISOString()),
      ),
    ).toEqual({
      kind: 'worked',
    });
    expect(await reminders()).toHaveLength(1);
  });

  it('reach an invoice issued after 09:00 with a reminder due that day', async () => {
    const { admin, draft, job, at, reminders } = await issued();
    await admin.invoices.saveSettings({ ...SELLER_PROFILE, reminderOffsets: [0] });
    expect(await job().turn(at('2026-02-02T14:00:00Z'))).toEqual({ kind: 'idle' });
    const { invoice } = await admin.invoices.issue({ id: await draft({ dueDate: '2026-02-02' }) });
    expect(invoice.dueDate).toBe('2026-02-02');
    expect(await job().turn(at('2026-02-02T14:01:00Z'))).toEqual({ kind: 'worked' });
    expect((await reminders())[0]?.subject).toBe('Reminder: invoice INV-2026-0002 is due today');
  });

  it('add the owner’s late-payment sentence once overdue, and none by default', () => {
    const invoice = { number: 'INV-2026-0001', currency: 'GBP', dueDate: '2026-01-29' };
    const late = 'We may claim interest under the Late Payment of Commercial Debts Act 1998.';
    expect(reminderWords(invoice, 100, '2026-02-05', late).lines).toContain(late);
    expect(reminderWords(invoice, 100, '2026-01-26', late).lines).not.toContain(late);
    expect(reminderWords(invoice, 100, '2026-02-05').lines.join(' ')).not.toMatch(/interest/i);
  });
});
