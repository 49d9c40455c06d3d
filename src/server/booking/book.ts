/**
 * A visitor books a call (docs/booking.md, "Booking"): in one write transaction the throttle's
 * place is taken, the start is checked to be a free slot at that moment, and the lead, the
 * booking, its place on the lead's timeline and its reminders are stored. Transactions run one
 * at a time on the database, and the partial unique index on confirmed starts stands beneath
 * the check, so of many requests for one slot on any number of instances exactly one books it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { bookings, leadEvents, leads, type BookingRow } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import { BOOKING_MESSAGES, type BookingSettings } from '#shared/booking';
import { joinLead, leadIdOf } from '#server/leads/join-lead';
import { take, type ThrottleBucket } from '#server/platform/throttle';
import { newToken, tokenHash } from '#server/platform/tokens';
import { isFreeSlot } from './free-slots';
import { planReminders } from './reminder-queue';
import { readBookingSettings } from './settings';

export interface BookingRequest {
  start: Date;
  name: string;
  email: string;
  company?: string | undefined;
  message?: string | undefined;
}

export interface StoredBooking {
  booking: BookingRow;
  /** The manage link's token: mailed once, stored only hashed. */
  token: string;
  settings: BookingSettings;
}

export const slotTaken = () => new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.taken });
export const bookingUnavailable = () =>
  new TRPCError({ code: 'NOT_FOUND', message: BOOKING_MESSAGES.unavailable });

/** Statuses a booking moves a lead out of: one already further along stays where it is. */
const BEFORE_MEETING = ['new', 'replied'] as const;

export async function storeBooking(
  db: Db,
  request: BookingRequest,
  context: {
    now: Date;
    siteTimezone: string;
    throttle: ThrottleBucket;
    /** The source the visit is credited to (null: not counted), set on a lead without one. */
    source: string | null;
  },
): Promise<StoredBooking> {
  const { now } = context;
  const token = newToken();
  try {
    return await writeTransaction(db, async (tx) => {
      const settings = await readBookingSettings(tx, context.siteTimezone);
      if (!settings.enabled) throw bookingUnavailable();
      await take(tx, context.throttle, now);
      if (!(await isFreeSlot(tx, settings, request.start, now))) throw slotTaken();

      const company = request.company ?? null;
      await joinLead(tx, sql`1`, {
        email: request.email,
        name: request.name,
        company,
        now,
        source: context.source,
      }).run();
      const lead = await tx
        .select({ id: leads.id, status: leads.status })
        .from(leads)
        .where(sql`${leads.id} = ${leadIdOf(request.email)}`)
        .get();
      if (!lead) throw new Error('the lead just joined is missing');
      const booking = await tx
        .insert(bookings)
        .values({
          leadId: lead.id,
          name: request.name,
          email: request.email,
          company,
          message: request.message ?? null,
          start: request.start,
          end: new Date(request.start.getTime() + settings.meetingMinutes * 60_000),
          location: settings.location,
          tokenHash: tokenHash(token),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      await tx.insert(leadEvents).values({
        leadId: lead.id,
        at: now,
        kind: 'booking',
        start: booking.start,
        text: booking.message,
      });
      if ((BEFORE_MEETING as readonly string[]).includes(lead.status)) {
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          at: now,
          kind: 'status_changed',
          status: 'meeting',
          fromStatus: lead.status,
        });
        await tx
          .update(leads)
          .set({ status: 'meeting' })
          .where(and(eq(leads.id, lead.id), inArray(leads.status, BEFORE_MEETING)));
      }
      await planReminders(tx, booking, settings.reminderMinutes, now);
      return { booking, token, settings };
    });
  } catch (error) {
    // The unique index on confirmed starts: another instance's transaction got there first.
    if (isConfirmedStartConflict(error)) throw slotTaken();
    throw error;
  }
}

export function isConfirmedStartConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: bookings\.start/.test(e.message)) return true;
  }
  return false;
}
