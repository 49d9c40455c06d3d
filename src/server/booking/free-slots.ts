/**
 * The slots as the database holds the facts: the feed's stored busy times and the confirmed
 * bookings, read and handed to the one rule (`computeSlots`). Reads only: `isFreeSlot` runs
 * inside the write transaction of a booking or a reschedule, so what it checked is what
 * commits, and it never waits on the feed's address (docs/booking.md).
 */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '#db';
import { bookings } from '#db/schema';
import type { BookingSettings } from '#shared/booking';
import { storedBusy } from './busy-feed';
import { DAY_MS } from '#shared/calendar-days';
import { computeSlots, ownerDay, type FreeSlot, type Span } from './slots';

export interface SlotOptions {
  /** A booking left out, as if it were not there: the one being moved. */
  excludeBookingId?: number;
}

/** Days of the owner's zone, both included. */
export interface OwnerDayRange {
  from: string;
  to: string;
}

/**
 * The slots of `range` at `now`. With a feed set that was never read successfully there are
 * none: a calendar that cannot be seen could be full.
 */
export async function freeSlots(
  db: Db,
  settings: BookingSettings,
  range: OwnerDayRange,
  now: Date,
  options: SlotOptions = {},
): Promise<FreeSlot[]> {
  if (!settings.enabled) return [];
  const zone = settings.timezone;
  // A day past each end: a booking there can reach into the range through the buffers, and
  // each range day's count of bookings needs the whole day.
  const from = DateTime.fromISO(range.from, { zone }).toMillis() - DAY_MS;
  const to = DateTime.fromISO(range.to, { zone }).plus({ days: 1 }).toMillis() + DAY_MS;
  const busy = settings.busyFeedUrl === null ? [] : await storedBusy(db, settings.busyFeedUrl);
  if (busy === null) return [];
  const confirmed = await confirmedBookings(db, from, to, options.excludeBookingId);
  return computeSlots({ settings, busy, bookings: confirmed, now, ...range });
}

/** Whether `start` is a slot at `now` by every rule: a slot of its own day, as offered. */
export async function isFreeSlot(
  tx: Db,
  settings: BookingSettings,
  start: Date,
  now: Date,
  options: SlotOptions = {},
): Promise<boolean> {
  const day = ownerDay(settings, start);
  const slots = await freeSlots(tx, settings, { from: day, to: day }, now, options);
  return slots.some((slot) => slot.start.getTime() === start.getTime());
}

async function confirmedBookings(
  db: Db,
  from: number,
  to: number,
  excludeId: number | undefined,
): Promise<Span[]> {
  const rows = await db
    .select({ start: bookings.start, end: bookings.end })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        lt(bookings.start, new Date(to)),
        gt(bookings.end, new Date(from)),
        excludeId === undefined ? undefined : ne(bookings.id, excludeId),
      ),
    )
    .all();
  return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
}
