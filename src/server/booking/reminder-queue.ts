/**
 * A booking's reminders (docs/booking.md, "Reminders"): `booking_reminders` is their plan, one
 * row per `reminderMinutes` value, `queued` until its moment. At its moment the reminder job
 * (reminder-job.ts) hands it over to the outbox (mail/outbox/) in one write transaction:
 * the mail is queued and the row marked `handed`, so it is handed over exactly once whatever
 * the number of instances, and the outbox's claim sends it at most once. From then on the
 * outbox row (its `ref` is `reminder:<id>`) is the record of what became of it.
 */
import { and, asc, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { bookingReminders, bookings, outbox } from '#db/schema';
import { withoutAddresses, type MailMessage } from '#server/platform/mail';
import { mailRef, outboxOf } from '#server/mail/outbox/mail-ref';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { isSuppressed } from '#server/mail/suppressions/suppression';

const r = bookingReminders;

/** The topic of a reminder's outbox row: `ref` is `reminder:<booking_reminders.id>`. */
export const REMINDER_TOPIC = 'reminder';

/**
 * Plans a booking's reminders inside the booking's own write: one per value, at the start
 * minus that many minutes, none for a moment already past. A reschedule calls it again after
 * `dropUnsentReminders`, so the new time gets its own.
 */
export async function planReminders(
  tx: Db,
  booking: { id: number; start: Date },
  reminderMinutes: readonly number[],
  now: Date,
): Promise<void> {
  const rows = [...new Set(reminderMinutes)]
    .map((minutes) => ({
      bookingId: booking.id,
      minutesBefore: minutes,
      dueAt: new Date(booking.start.getTime() - minutes * 60_000),
    }))
    .filter((row) => row.dueAt > now);
  if (rows.length > 0) await tx.insert(r).values(rows).onConflictDoNothing().run();
}

/**
 * A reschedule or a cancellation, inside its write: the reminders not yet sent are dropped.
 * That is the planned ones, and those handed over whose mail no sender has taken yet: its
 * outbox row is deleted with them (`withdrawWaitingMails`).
 */
export async function dropUnsentReminders(tx: Db, bookingId: number): Promise<void> {
  const withdrawn = await withdrawWaitingMails(tx, eq(r.bookingId, bookingId));
  await tx
    .delete(r)
    .where(and(eq(r.bookingId, bookingId), or(eq(r.status, 'queued'), inArray(r.id, withdrawn))))
    .run();
}

/**
 * Handed-over reminders (matching `where`, which may name the booking) whose outbox row is
 * still `queued`, also one waiting for a retry: that row is deleted, inside the caller's write.
 * One a sender holds (`sending`) or has settled is left: it is on its way, or gone. Answers
 * the reminders whose mail was withdrawn.
 */
export async function withdrawWaitingMails(tx: Db, where: SQL | undefined): Promise<number[]> {
  const waiting = await waitingMails(tx, where).all();
  if (waiting.length === 0) return [];
  const mails = waiting.map((row) => row.mail);
  await tx
    .delete(outbox)
    .where(and(inArray(outbox.id, mails), eq(outbox.status, 'queued')))
    .run();
  return waiting.map((row) => row.reminder);
}

/** The handed-over reminders matching `where` whose outbox row is still `queued`, with it. */
export function waitingMails(db: Db, where: SQL | undefined) {
  return db
    .select({ reminder: r.id, mail: outbox.id })
    .from(r)
    .innerJoin(bookings, eq(bookings.id, r.bookingId))
    .innerJoin(outbox, outboxOf(REMINDER_TOPIC, r.id))
    .where(and(eq(r.status, 'handed'), eq(outbox.status, 'queued'), where));
}

/** Why a reminder whose call has begun was settled unsent (late-reminders.ts too). */
export const CALL_BEGUN_ERROR = 'the call had begun';

/** Why a reminder to a suppressed address was settled unsent (its row's `lastError`). */
export const SUPPRESSED_REMINDER_ERROR = 'the address is on the suppression list: not sent';

const due = (now: Date) => and(eq(r.status, 'queued'), lte(r.dueAt, now));

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasDueReminder(db: Db, now: Date): Promise<boolean> {
  const row = await db.select({ id: r.id }).from(r).where(due(now)).limit(1).get();
  return row !== undefined;
}

/** The booking as it is at the hand-over, for the reminder's mail. */
export type RemindedBooking = typeof bookings.$inferSelect;

/** What a turn of the hand-over did with the next due reminder. */
export type ReminderHandOver =
  | { kind: 'none' }
  | { kind: 'handed'; reminderId: number; mailId: number }
  | { kind: 'unsent'; reminderId: number; reason: string }
  | { kind: 'dropped'; reminderId: number };

/**
 * Takes the oldest due reminder and, in the same write transaction, writes its mail (made by
 * `compose` from the booking as it is now) into the outbox and marks it `handed`. The UPDATE
 * checks it is still `queued`, so of two instances turning at once only one queues a mail.
 * One whose booking was cancelled, whose call has begun (a server that was down past it) or
 * whose address is on the suppression list (docs/mail.md, "Suppression"; asked at its moment,
 * so a bounce since the booking stops it) is settled `failed` with the reason instead, never
 * sent late; one whose booking was erased is dropped.
 */
export function handOverNextReminder(
  db: Db,
  now: Date,
  compose: (booking: RemindedBooking) => MailMessage,
): Promise<ReminderHandOver> {
  return writeTransaction(db, async (tx): Promise<ReminderHandOver> => {
    const row = await tx
      .select({ id: r.id, booking: bookings })
      .from(r)
      .leftJoin(bookings, eq(bookings.id, r.bookingId))
      .where(due(now))
      .orderBy(asc(r.dueAt), asc(r.id))
      .limit(1)
      .get();
    if (!row) return { kind: 'none' };
    const { booking } = row;
    if (!booking) {
      // A libSQL server may not enforce the foreign key that would have removed it.
      await tx.delete(r).where(eq(r.id, row.id)).run();
      return { kind: 'dropped', reminderId: row.id };
    }
    const unsent =
      booking.status !== 'confirmed'
        ? 'the booking was cancelled'
        : booking.start <= now
          ? CALL_BEGUN_ERROR
          : (await isSuppressed(tx, booking.email))
            ? SUPPRESSED_REMINDER_ERROR
            : null;
    const mail = unsent ? { unsent } : written(compose, booking);
    const taken = await tx
      .update(r)
      .set('unsent' in mail ? { status: 'failed', lastError: mail.unsent } : { status: 'handed' })
      .where(and(eq(r.id, row.id), eq(r.status, 'queued')))
      .returning({ id: r.id })
      .all();
    if (taken.length !== 1) return { kind: 'none' };
    if ('unsent' in mail) return { kind: 'unsent', reminderId: row.id, reason: mail.unsent };
    const mailId = await queueMail(
      tx,
      { kind: 'reminder', message: mail.message, ref: mailRef(REMINDER_TOPIC, row.id) },
      now,
    );
    return { kind: 'handed', reminderId: row.id, mailId };
  });
}

/**
 * The reminder's mail, or why it could not be written: settled `failed` with that, so one
 * reminder that cannot be written never holds up the ones due after it.
 */
function written(
  compose: (booking: RemindedBooking) => MailMessage,
  booking: RemindedBooking,
): { message: MailMessage } | { unsent: string } {
  try {
    return { message: compose(booking) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { unsent: `the mail could not be written: ${withoutAddresses(reason)}` };
  }
}
