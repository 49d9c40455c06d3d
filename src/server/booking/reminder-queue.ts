/**
 * A booking's reminders as a work queue shared by every instance's sender (docs/booking.md,
 * "Reminders"), the way newsletter recipients and lead replies are (docs/decisions/0027): one
 * row per `reminderMinutes` value, `queued` until its moment; claimed (who and when, in a
 * write transaction) before its mail goes to SMTP, then `sent` or `failed`. A claim whose
 * sender died with the mail in hand (a crash, kill -9) is marked failed, never sent again:
 * a reminder is sent at most once whatever restarts or however many instances run.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { bookingReminders, bookings } from '#db/schema';
import { isSuppressed } from '#server/platform/outbox/suppression';

const r = bookingReminders;

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

/** A reschedule or a cancellation: the reminders not yet in a sender's hands are dropped. */
export async function dropUnsentReminders(tx: Db, bookingId: number): Promise<void> {
  await tx
    .delete(r)
    .where(and(eq(r.bookingId, bookingId), eq(r.status, 'queued'), isNull(r.claimedBy)))
    .run();
}

/** Why a reminder to a suppressed address was settled unsent (its row's `lastError`). */
export const SUPPRESSED_REMINDER_ERROR = 'the address is on the suppression list: not sent';

export interface ClaimedReminder {
  id: number;
  bookingId: number;
  minutesBefore: number;
}

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasDueReminder(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.status, 'queued'), isNull(r.claimedBy), lte(r.dueAt, now)))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * Claims the oldest due reminder of a confirmed booking whose call has not begun. One whose
 * booking was cancelled or whose call has begun (a server that was down past it) is settled
 * `failed` with the reason instead, in the same transaction: it is never sent late. So is
 * one to an address on the suppression list (docs/mail.md, "Suppression"), asked at its
 * moment: a reminder is optional mail, and a bounce since the booking stops it.
 */
export function claimNextReminder(
  db: Db,
  opts: { now: Date; claimedBy: string },
): Promise<ClaimedReminder | null> {
  return writeTransaction(db, async (tx) => {
    for (;;) {
      const row = await tx
        .select({
          id: r.id,
          bookingId: r.bookingId,
          minutesBefore: r.minutesBefore,
          status: bookings.status,
          start: bookings.start,
          email: bookings.email,
        })
        .from(r)
        .innerJoin(bookings, eq(bookings.id, r.bookingId))
        .where(and(eq(r.status, 'queued'), isNull(r.claimedBy), lte(r.dueAt, opts.now)))
        .orderBy(asc(r.dueAt), asc(r.id))
        .limit(1)
        .get();
      if (!row) return null;
      const unsent =
        row.status !== 'confirmed'
          ? 'the booking was cancelled'
          : row.start <= opts.now
            ? 'the call had begun'
            : (await isSuppressed(tx, row.email))
              ? SUPPRESSED_REMINDER_ERROR
              : null;
      if (unsent) {
        await tx
          .update(r)
          .set({ status: 'failed', lastError: unsent })
          .where(eq(r.id, row.id))
          .run();
        continue;
      }
      await tx
        .update(r)
        .set({ status: 'sending', claimedAt: opts.now, claimedBy: opts.claimedBy })
        .where(eq(r.id, row.id))
        .run();
      return { id: row.id, bookingId: row.bookingId, minutesBefore: row.minutesBefore };
    }
  });
}

/** Records what became of a claimed reminder; only its claimer writes. */
export async function recordReminderOutcome(
  db: Db,
  reminder: ClaimedReminder,
  claimedBy: string,
  outcome: { kind: 'sent'; at: Date } | { kind: 'failed'; error: string },
): Promise<void> {
  const values =
    outcome.kind === 'sent'
      ? { status: 'sent' as const, sentAt: outcome.at, lastError: null }
      : { status: 'failed' as const, lastError: outcome.error };
  await writeTransaction(db, (tx) =>
    tx
      .update(r)
      .set(values)
      .where(and(eq(r.id, reminder.id), eq(r.claimedBy, claimedBy)))
      .run(),
  );
}

export const INTERRUPTED_REMINDER_ERROR =
  'interrupted while sending (the sender stopped): not sent again, it may have gone';

/**
 * Reminders left in a dead sender's hands are marked failed: claims older than
 * `claimedBefore` (the lease) or whose sender `isGone` (platform/claim-owner.ts).
 */
export async function failInterruptedReminders(
  db: Db,
  opts: { claimedBefore: Date; isGone: (claimedBy: string) => boolean },
): Promise<number> {
  const claims = await db
    .select({ id: r.id, claimedBy: r.claimedBy, claimedAt: r.claimedAt })
    .from(r)
    .where(and(eq(r.status, 'sending'), isNotNull(r.claimedBy)))
    .all();
  const dead = claims.filter(
    (claim) =>
      claim.claimedAt === null ||
      claim.claimedAt < opts.claimedBefore ||
      (claim.claimedBy !== null && opts.isGone(claim.claimedBy)),
  );
  if (dead.length === 0) return 0;
  const ids = dead.map((claim) => claim.id);
  return writeTransaction(db, async (tx) => {
    const failed = await tx
      .update(r)
      .set({ status: 'failed', lastError: INTERRUPTED_REMINDER_ERROR })
      .where(and(inArray(r.id, ids), eq(r.status, 'sending')))
      .returning({ id: r.id })
      .all();
    return failed.length;
  });
}
