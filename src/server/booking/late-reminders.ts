/**
 * A reminder is never sent once its call has begun (docs/booking.md, "Reminders"). The hand-over
 * asks at the reminder's moment; after it, the outbox may hold the mail for a retry (a
 * temporary SMTP failure waits 1, 5, 30 minutes, then hours). When the call begins with the
 * mail still waiting, the reminder job withdraws it: the outbox row goes, and the reminder is
 * settled `failed` with the reason.
 */
import { and, gte, inArray, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { bookingReminders, bookings } from '#db/schema';
import { CALL_BEGUN_ERROR, waitingMails, withdrawWaitingMails } from './reminder-queue';
import { DAY_MS } from '#shared/calendar-days';

const r = bookingReminders;

/**
 * Only reminders due in the last 8 days can still wait in the outbox (a reminder is at most a
 * week before its call, the outbox gives up after about 8.5 hours): the look stays small.
 */
const LOOK_BACK_MS = 8 * DAY_MS;

function late(now: Date) {
  return and(gte(r.dueAt, new Date(now.getTime() - LOOK_BACK_MS)), lte(bookings.start, now));
}

/** A read outside any transaction, so an idle instance never takes the write slot to poll. */
export async function hasLateReminder(db: Db, now: Date): Promise<boolean> {
  return (await waitingMails(db, late(now)).limit(1).get()) !== undefined;
}

/** Withdraws the waiting mails of calls that have begun; answers how many. */
export function withdrawLateReminders(db: Db, now: Date): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const withdrawn = await withdrawWaitingMails(tx, late(now));
    if (withdrawn.length > 0) {
      await tx
        .update(r)
        .set({ status: 'failed', lastError: CALL_BEGUN_ERROR })
        .where(inArray(r.id, withdrawn))
        .run();
    }
    return withdrawn.length;
  });
}
