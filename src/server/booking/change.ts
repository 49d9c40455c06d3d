/**
 * A booking moved or cancelled (docs/booking.md, "Changing a booking"): by its visitor from
 * the manage link, up to the cancel cut-off, or cancelled by an administrator. Each change is
 * one write transaction: the visitor's throttle places (taken only for a real change, and
 * given back with everything else when it is refused), the booking (its invitation's
 * SEQUENCE one higher), its reminders (the unsent ones dropped, a move plans them anew) and
 * its place on the lead's timeline.
 */
import { eq, type SQL } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { bookings, leadEvents, leads, type BookingRow } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import type { BookingSettings } from '#shared/booking';
import { afterCallCancelled } from '#server/leads/cancelled-call';
import { take, type ThrottleBucket } from '#server/platform/throttle';
import { dropUnsentReminders, planReminders } from './reminder-queue';
import { readBookingSettings } from './settings';
import { isConfirmedStartConflict, slotTaken } from './book';

export const tooLate = () => new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.tooLate });

/** Whether its visitor may still move or cancel it online at `now`. */
export function visitorCanChange(
  booking: Pick<BookingRow, 'status' | 'start'>,
  settings: Pick<BookingSettings, 'cancelCutoffHours'>,
  now: Date,
): boolean {
  return (
    booking.status === 'confirmed' &&
    booking.start.getTime() - settings.cancelCutoffHours * 3_600_000 > now.getTime()
  );
}

export interface Changed {
  booking: BookingRow;
  settings: BookingSettings;
  /** False when it was already cancelled: nothing changed and nobody is told again. */
  changed: boolean;
}

export async function cancelBooking(
  db: Db,
  which: SQL,
  change: {
    now: Date;
    siteTimezone: string;
    by: 'visitor' | 'owner';
    reason: string | null;
    /** The visitor's places (an administrator's cancellation is not throttled). */
    throttle?: ThrottleBucket[];
    /** Inside the transaction, after the change (an administrator's audit entry). */
    alongside?: (tx: Db, booking: BookingRow) => Promise<unknown>;
  },
): Promise<Changed | undefined> {
  const { now } = change;
  return writeTransaction(db, async (tx) => {
    const booking = await tx.select().from(bookings).where(which).get();
    if (!booking) return undefined;
    const settings = await readBookingSettings(tx, change.siteTimezone);
    if (booking.status === 'cancelled') return { booking, settings, changed: false };
    const open =
      change.by === 'visitor'
        ? visitorCanChange(booking, settings, now)
        : booking.status === 'confirmed' && booking.start > now;
    if (!open) {
      throw change.by === 'visitor'
        ? tooLate()
        : new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.begun });
    }
    if (change.throttle) await take(tx, change.throttle, now);
    const cancelled = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        sequence: booking.sequence + 1,
        cancelReason: change.reason,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id))
      .returning()
      .get();
    await dropUnsentReminders(tx, booking.id);
    await onTimeline(tx, booking.leadId, now, {
      kind: 'booking_cancelled',
      start: booking.start,
      text: change.reason,
      actor: change.by === 'visitor' ? booking.email : null,
    });
    await afterCallCancelled(tx, booking.leadId, now);
    await change.alongside?.(tx, cancelled);
    return { booking: cancelled, settings, changed: true };
  });
}

export async function rescheduleBooking(
  db: Db,
  which: SQL,
  change: {
    now: Date;
    siteTimezone: string;
    start: Date;
    /** The zone the manage page showed the times in: the mails of this move and after use it. */
    timezone?: string | undefined;
    throttle: ThrottleBucket[];
  },
): Promise<Changed | undefined> {
  const { now, start } = change;
  // The slot rules (and luxon) are loaded with the first change, before its transaction
  // (docs/operations.md, "Start-up time").
  const { isFreeSlot } = await import('./free-slots');
  try {
    return await writeTransaction(db, async (tx) => {
      const booking = await tx.select().from(bookings).where(which).get();
      if (!booking) return undefined;
      const settings = await readBookingSettings(tx, change.siteTimezone);
      if (!visitorCanChange(booking, settings, now)) throw tooLate();
      if (start.getTime() === booking.start.getTime()) {
        return { booking, settings, changed: false };
      }
      await take(tx, change.throttle, now);
      const free = await isFreeSlot(tx, settings, start, now, { excludeBookingId: booking.id });
      if (!settings.enabled || !free) throw slotTaken();
      const moved = await tx
        .update(bookings)
        .set({
          start,
          end: new Date(start.getTime() + (booking.end.getTime() - booking.start.getTime())),
          sequence: booking.sequence + 1,
          visitorTimezone: change.timezone ?? booking.visitorTimezone,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id))
        .returning()
        .get();
      await dropUnsentReminders(tx, booking.id);
      await planReminders(tx, moved, settings.reminderMinutes, now);
      await onTimeline(tx, booking.leadId, now, {
        kind: 'booking_rescheduled',
        start,
        text: null,
        actor: booking.email,
      });
      return { booking: moved, settings, changed: true };
    });
  } catch (error) {
    if (isConfirmedStartConflict(error)) throw slotTaken();
    throw error;
  }
}

async function onTimeline(
  tx: Db,
  leadId: number,
  now: Date,
  event: {
    kind: 'booking_cancelled' | 'booking_rescheduled';
    start: Date;
    text: string | null;
    actor: string | null;
  },
) {
  await tx.insert(leadEvents).values({ leadId, at: now, ...event });
  await tx.update(leads).set({ lastActivityAt: now }).where(eq(leads.id, leadId));
}
