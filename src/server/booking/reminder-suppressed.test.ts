/**
 * A call's reminder skips an address on the suppression list (docs/mail.md, "Suppression";
 * docs/booking.md, "Reminders"): asked at the reminder's moment, so a bounce read after the
 * booking stops it; settled `failed` with the reason, never handed to the outbox, never sent
 * later.
 */
import { beforeEach, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookingReminders, bookings, outbox } from '#db/schema';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { createRecordingMailer, createTestDeps, type TestDeps } from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { createMailSender } from '#server/app/mail-sender';
import { reminderJob } from './reminder-job';
import { planReminders, SUPPRESSED_REMINDER_ERROR } from './reminder-queue';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
  deps.clock.set(new Date('2026-03-27T12:00:00Z'));
});

/** Books one call for each lead stored, a second apart from `first`, each reminded an hour before. */
async function bookCalls(count: number, first: Date) {
  const people = await storeLeads(deps, count);
  for (const [i, { lead }] of people.entries()) {
    const start = new Date(first.getTime() + i * 1000);
    await writeTransaction(deps.db, async (tx) => {
      const row = await tx
        .insert(bookings)
        .values({
          leadId: lead.id,
          name: lead.name,
          email: lead.email,
          start,
          end: new Date(start.getTime() + 30 * 60_000),
          location: 'Phone call',
          tokenHash: `hash-${lead.id}`,
          updatedAt: deps.clock.now(),
        })
        .returning({ id: bookings.id })
        .get();
      await planReminders(tx, { id: row.id, start }, [60], deps.clock.now());
    });
  }
  return people.map(({ lead }) => lead.email);
}

it('settles the reminder of a suppressed address unsent, and still hands over the others', async () => {
  const [first, second] = await bookCalls(2, new Date('2026-03-30T08:00:00Z'));
  // Suppressed after the booking, in another letter case, before the reminder's moment.
  await writeTransaction(deps.db, (tx) =>
    suppressAddress(
      tx,
      { email: first!.toUpperCase(), reason: 'hard_bounce', detail: '5.1.1' },
      deps.clock.now(),
    ),
  );
  deps.clock.set(new Date('2026-03-30T07:00:01Z'));
  const job = reminderJob(deps);
  expect((await job.turn(deps.clock.now())).kind).toBe('worked');
  expect((await job.turn(deps.clock.now())).kind).toBe('worked');
  expect((await job.turn(deps.clock.now())).kind).toBe('idle');
  const rows = await deps.db.select().from(bookingReminders).orderBy(bookingReminders.id).all();
  expect(rows.map((row) => [row.status, row.lastError])).toEqual([
    ['failed', SUPPRESSED_REMINDER_ERROR],
    ['handed', null],
  ]);
  const mails = await deps.db.select().from(outbox).all();
  expect(mails.map((mail) => [mail.toEmail, mail.ref])).toEqual([
    [second, `reminder:${rows[1]?.id}`],
  ]);

  // The sender mails the one handed over, and nothing more.
  const mailer = createRecordingMailer();
  const sender = createMailSender({ ...deps, mailer }, { id: 's1' });
  while ((await sender.turn()).kind === 'worked');
  expect(mailer.sent.map((mail) => mail.to)).toEqual([second]);
});
