/**
 * A booking's reminders (docs/booking.md, "Reminders"): planned with the booking, handed over
 * to the outbox by the background sender's reminder job at their moment and mailed by the
 * outbox through a real SMTP server, each once whatever the number of senders; never for a
 * cancelled booking, a moment already past, or a call that has begun; a reschedule or a
 * cancellation drops the unsent ones, also a handed-over one no sender has taken yet.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookingReminders, bookings, outbox } from '#db/schema';
import { createMailer } from '#server/platform/mail';
import { createMailSender } from '#server/app/mail-sender';
import type { MailSender } from '#server/mail/outbox/mail-loop';
import { mailFate, outboxOf } from '#server/mail/outbox/mail-ref';
import { claimMail } from '#server/mail/outbox/outbox-queue';
import { createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { storeLeads } from '#tests/support/stored-leads';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { reminderJob } from './reminder-job';
import {
  dropUnsentReminders,
  handOverNextReminder,
  planReminders,
  REMINDER_TOPIC,
} from './reminder-queue';

const HOUR = 3_600_000;
let deps: TestDeps;
let sink: SmtpSink;
const senders: MailSender[] = [];

beforeEach(async () => {
  sink = await startSmtpSink();
  const logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://harbor.example',
    replyTo: 'dana@harbor.example',
    siteTimezone: 'Europe/London',
    smtpUrl: sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.mailer = createMailer({
    smtpUrl: sink.url,
    from: 'site@harbor.example',
    production: false,
    logger,
  });
  deps.clock.set(new Date('2026-03-27T12:00:00Z'));
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await sink?.close();
});

function sender(id: string): MailSender {
  const made = createMailSender(deps, { id });
  senders.push(made);
  return made;
}

/** Books `count` calls at `start` (a second apart), their reminders planned as the booking does. */
async function book(start: Date, reminderMinutes: number[], count = 1): Promise<number[]> {
  const people = await storeLeads(deps, count);
  const ids: number[] = [];
  for (const [i, { lead }] of people.entries()) {
    const at = new Date(start.getTime() + i * 1000);
    const id = await writeTransaction(deps.db, async (tx) => {
      const row = await tx
        .insert(bookings)
        .values({
          leadId: lead.id,
          name: lead.name,
          email: lead.email,
          start: at,
          end: new Date(at.getTime() + 30 * 60_000),
          location: 'https://meet.example/harbor',
          tokenHash: `hash-${lead.id}`,
          updatedAt: deps.clock.now(),
        })
        .returning({ id: bookings.id })
        .get();
      await planReminders(tx, { id: row.id, start: at }, reminderMinutes, deps.clock.now());
      return row.id;
    });
    ids.push(id);
  }
  return ids;
}

/**
 * Each reminder with what became of it: once handed over, its outbox row's fate (mail-ref.ts),
 * else its own status.
 */
async function reminders() {
  const rows = await deps.db
    .select({ reminder: bookingReminders, mail: outbox })
    .from(bookingReminders)
    .leftJoin(outbox, outboxOf(REMINDER_TOPIC, bookingReminders.id))
    .orderBy(bookingReminders.id)
    .all();
  return rows.map(({ reminder, mail }) => ({
    ...reminder,
    status: mail ? mailFate(mail.status) : reminder.status,
    sentAt: mail?.sentAt ?? reminder.sentAt,
    mail,
  }));
}

/** Turns until the sender has nothing due. */
async function drain(one: MailSender): Promise<void> {
  while ((await one.turn()).kind === 'worked');
}

describe('reminders', () => {
  it('are planned per value, sent at their moment to the visitor, Reply-To the owner', async () => {
    // Monday 30 March, 09:00 in London (BST since Sunday).
    const [id] = await book(new Date('2026-03-30T08:00:00Z'), [1440, 60]);
    expect(
      (await reminders()).map((r) => [r.minutesBefore, r.dueAt.toISOString(), r.status]),
    ).toEqual([
      [1440, '2026-03-29T08:00:00.000Z', 'queued'],
      [60, '2026-03-30T07:00:00.000Z', 'queued'],
    ]);
    const one = sender('s1');
    deps.clock.set(new Date('2026-03-29T07:59:59Z'));
    await drain(one);
    expect(sink.mails).toHaveLength(0);

    deps.clock.set(new Date('2026-03-29T08:00:00Z'));
    await drain(one);
    expect(sink.mails).toHaveLength(1);
    const mail = sink.mails[0];
    expect(mail?.to).toBe('person1@example.com');
    expect(mail?.headers.get('reply-to')).toBe('dana@harbor.example');
    expect(mail?.headers.get('subject')).toMatch(
      /^Reminder: your call with .*, Monday 30 March 2026, 09:00 to 09:30 BST$/,
    );
    expect((await reminders()).map((r) => r.status)).toEqual(['sent', 'queued']);

    // The time is written in the owner's zone of the booking settings, SITE_TIMEZONE's default.
    await saveBookingSettings(deps.db, { timezone: 'America/New_York' });
    deps.clock.set(new Date('2026-03-30T07:00:00Z'));
    await drain(one);
    expect(sink.mails).toHaveLength(2);
    expect(sink.mails[1]?.headers.get('subject')).toMatch(
      /, Monday 30 March 2026, 04:00 to 04:30 GMT-4$/,
    );
    const rows = await reminders();
    expect(rows.map((r) => [r.bookingId, r.status, r.sentAt?.toISOString()])).toEqual([
      [id, 'sent', '2026-03-29T08:00:00.000Z'],
      [id, 'sent', '2026-03-30T07:00:00.000Z'],
    ]);
  });

  it("are written in the visitor's zone when their booking holds one, ours beside it", async () => {
    const [id] = await book(new Date('2026-03-30T08:00:00Z'), [60]);
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(bookings)
        .set({ visitorTimezone: 'America/New_York' })
        .where(eq(bookings.id, id!))
        .run(),
    );
    deps.clock.set(new Date('2026-03-30T07:00:00Z'));
    await drain(sender('s1'));
    expect(sink.mails[0]?.headers.get('subject')).toMatch(
      /, Monday 30 March 2026, 04:00 to 04:30 Eastern Daylight Time$/,
    );
    expect(sink.mails[0]?.text).toContain(
      'When: Monday 30 March 2026, 04:00 to 04:30 Eastern Daylight Time (09:00 to 09:30 BST, our time)',
    );
  });

  it('plans none for a moment already past when the call is booked', async () => {
    await book(new Date(deps.clock.now().getTime() + 2 * HOUR), [1440, 60]);
    expect((await reminders()).map((r) => r.minutesBefore)).toEqual([60]);
  });

  it('sends none for a cancelled booking, nor once the call has begun', async () => {
    const [cancelled, late] = await book(new Date('2026-03-30T08:00:00Z'), [60], 2);
    await writeTransaction(deps.db, (tx) =>
      tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled!)).run(),
    );
    // The server was down from before the reminder until after the call began.
    deps.clock.set(new Date('2026-03-30T08:00:01Z'));
    await drain(sender('s1'));
    expect(sink.mails).toHaveLength(0);
    expect((await reminders()).map((r) => [r.bookingId, r.status, r.lastError])).toEqual([
      [cancelled, 'failed', 'the booking was cancelled'],
      [late, 'failed', 'the call had begun'],
    ]);
  });

  it('are planned anew on a reschedule: the old time sends nothing', async () => {
    const [id] = await book(new Date('2026-03-30T08:00:00Z'), [60]);
    const moved = new Date('2026-03-31T13:00:00Z');
    await writeTransaction(deps.db, async (tx) => {
      const end = new Date(moved.getTime() + 30 * 60_000);
      await tx.update(bookings).set({ start: moved, end }).where(eq(bookings.id, id!)).run();
      await dropUnsentReminders(tx, id!);
      await planReminders(tx, { id: id!, start: moved }, [60], deps.clock.now());
    });
    deps.clock.set(new Date('2026-03-30T07:30:00Z'));
    await drain(sender('s1'));
    expect(sink.mails).toHaveLength(0);
    deps.clock.set(new Date('2026-03-31T12:00:00Z'));
    await drain(sender('s2'));
    expect(sink.mails.map((m) => m.headers.get('subject'))).toEqual([
      expect.stringMatching(/Tuesday 31 March 2026, 14:00 to 14:30 BST$/),
    ]);
  });

  it('go out exactly once when two senders work through twenty at once', async () => {
    await book(new Date('2026-03-30T08:00:00Z'), [60], 20);
    deps.clock.set(new Date('2026-03-30T07:10:00Z'));
    await Promise.all([drain(sender('a')), drain(sender('b'))]);
    expect(sink.mails).toHaveLength(20);
    expect(new Set(sink.mails.map((m) => m.to)).size).toBe(20);
    expect((await reminders()).every((r) => r.status === 'sent')).toBe(true);
    expect(await deps.db.select().from(outbox).all()).toHaveLength(20);
  });

  it('hand each over once when two senders race for one: one outbox row, one mail', async () => {
    await book(new Date('2026-03-30T08:00:00Z'), [60]);
    const now = new Date('2026-03-30T07:00:00Z');
    const compose = () => ({ to: 'person1@example.com', subject: 'Reminder', text: 'Soon.' });
    const turns = await Promise.all([
      handOverNextReminder(deps.db, now, compose),
      handOverNextReminder(deps.db, now, compose),
    ]);
    expect(turns.map((turn) => turn.kind).sort()).toEqual(['handed', 'none']);
    const [row] = await reminders();
    expect(row?.mail?.ref).toBe(`reminder:${row?.id}`);
    expect(await deps.db.select().from(outbox).all()).toHaveLength(1);
  });

  it('settle one whose mail cannot be written failed, and hand over the next', async () => {
    await book(new Date('2026-03-30T08:00:00Z'), [60], 2);
    const now = new Date('2026-03-30T07:00:01Z');
    const compose = (booking: { email: string }) => {
      if (booking.email === 'person1@example.com') throw new Error(`no zone for ${booking.email}`);
      return { to: booking.email, subject: 'Reminder', text: 'Soon.' };
    };
    expect((await handOverNextReminder(deps.db, now, compose)).kind).toBe('unsent');
    expect((await handOverNextReminder(deps.db, now, compose)).kind).toBe('handed');
    expect((await reminders()).map((r) => [r.status, r.lastError, r.mail?.toEmail])).toEqual([
      ['failed', 'the mail could not be written: no zone for (address)', undefined],
      ['sending', null, 'person2@example.com'],
    ]);
  });

  it('are retried by the outbox after a temporary SMTP failure, and go once', async () => {
    sink.setRefuse((_address, attempt) => (attempt === 1 ? { code: 451, message: 'Later' } : null));
    await book(new Date('2026-03-30T08:00:00Z'), [60]);
    deps.clock.set(new Date('2026-03-30T07:00:00Z'));
    const one = sender('s1');
    await drain(one);
    expect(sink.mails).toHaveLength(0);
    const [waiting] = await reminders();
    expect([waiting?.status, waiting?.mail?.attempts, waiting?.mail?.lastError]).toEqual([
      'sending',
      1,
      expect.stringContaining('451'),
    ]);
    deps.clock.set(new Date('2026-03-30T07:01:00Z'));
    await drain(one);
    expect(sink.mails.map((m) => m.to)).toEqual(['person1@example.com']);
    expect((await reminders()).map((r) => [r.status, r.mail?.attempts])).toEqual([['sent', 2]]);
  });

  it('are dropped at a cancellation once handed over while no sender has taken the mail', async () => {
    const [waiting, held] = await book(new Date('2026-03-30T08:00:00Z'), [60], 2);
    deps.clock.set(new Date('2026-03-30T07:00:01Z'));
    // Handed over (the reminder job alone), the outbox not yet turned.
    const job = reminderJob(deps);
    expect((await job.turn(deps.clock.now())).kind).toBe('worked');
    expect((await job.turn(deps.clock.now())).kind).toBe('worked');
    expect((await reminders()).map((r) => r.mail?.status)).toEqual(['queued', 'queued']);
    // The second's mail is in a sender's hands when its call is cancelled: it stays.
    const claim = await claimMail(deps.db, {
      now: deps.clock.now(),
      claimedBy: 'other',
      bulk: true,
      id: (await reminders())[1]?.mail?.id,
    });
    expect(claim.kind).toBe('claimed');
    await writeTransaction(deps.db, async (tx) => {
      await dropUnsentReminders(tx, waiting!);
      await dropUnsentReminders(tx, held!);
    });
    expect((await reminders()).map((r) => [r.bookingId, r.status, r.mail?.status])).toEqual([
      [held, 'sending', 'sending'],
    ]);
    expect(await deps.db.select({ ref: outbox.ref }).from(outbox).all()).toHaveLength(1);
    await drain(sender('s1'));
    expect(sink.mails).toHaveLength(0);
  });

  it('are withdrawn from the outbox when the call begins while they wait for a retry', async () => {
    sink.setRefuse(() => ({ code: 451, message: 'Later' }));
    await book(new Date('2026-03-30T08:00:00Z'), [60]);
    const one = sender('s1');
    // Tried at 07:00 and at each retry (1, 5, 30 minutes after the last): the next is at 09:36.
    for (const at of ['07:00', '07:01', '07:06', '07:36']) {
      deps.clock.set(new Date(`2026-03-30T${at}:00Z`));
      await drain(one);
    }
    const [waiting] = await reminders();
    expect([waiting?.mail?.attempts, waiting?.mail?.nextAttemptAt.toISOString()]).toEqual([
      4,
      '2026-03-30T09:36:00.000Z',
    ]);
    deps.clock.set(new Date('2026-03-30T08:00:00Z'));
    await drain(one);
    expect((await reminders()).map((r) => [r.status, r.lastError, r.mail])).toEqual([
      ['failed', 'the call had begun', null],
    ]);
    sink.setRefuse(() => null);
    deps.clock.set(new Date('2026-03-30T09:36:00Z'));
    await drain(one);
    expect(sink.mails).toHaveLength(0);
  });
});
