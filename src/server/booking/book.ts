/**
 * A visitor books a call (docs/booking.md, "Booking"): in one write transaction the throttle's
 * place is taken, the person's upcoming calls are counted against the cap, the start is
 * checked to be a free slot at that moment, and the lead, the booking, its place on the
 * lead's timeline and its reminders are stored. Transactions run one at a time on the
 * database, and the partial unique index on confirmed starts stands beneath the check, so of
 * many requests for one slot on any number of instances exactly one books it, and requests
 * sent at once never get past the throttle or the cap.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { bookings, leadEvents, leads, type BookingRow } from '#db/schema';
import { CALL_MESSAGES, UPCOMING_CALLS_PER_PERSON } from '#shared/booking-messages';
import { BOOKING_MESSAGES, type BookingSettings } from '#shared/booking';
import { joinLead, leadIdOf } from '#server/leads/join-lead';
import { stopSequence } from '#server/newsletter/sequence/sequence-exit';
import { isOwnAddress, type OwnAddressConfig } from '#server/leads/own-addresses';
import { take, type ThrottleBucket } from '#server/platform/throttle';
import { newToken, tokenHash } from '#server/platform/tokens';
import { planReminders } from './reminder-queue';
import { readBookingSettings } from './settings';

export interface BookingRequest {
  start: Date;
  name: string;
  email: string;
  company?: string | undefined;
  message?: string | undefined;
  /** The visitor's zone (IANA, already checked); absent: the owner's is used in their mails. */
  timezone?: string | undefined;
}

export interface StoredBooking {
  /** null: the address is one of the site's own, and nothing but the throttle's place was written. */
  booking: BookingRow | null;
  /** The manage link's token: mailed once, stored only hashed. */
  token: string;
  settings: BookingSettings;
}

export const slotTaken = () => new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.taken });
export const bookingUnavailable = () =>
  new TRPCError({ code: 'NOT_FOUND', message: BOOKING_MESSAGES.unavailable });

/**
 * Statuses a booking moves a lead out of (a call is the next step after a proposal too); a
 * lead that is `won` or `lost` keeps its status.
 */
const BEFORE_MEETING = ['new', 'replied', 'proposal'] as const;

const tooManyUpcoming = () =>
  new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.tooManyUpcoming });

/** The address's confirmed calls that have not started yet. */
async function upcomingCalls(tx: Db, email: string, now: Date): Promise<number> {
  const row = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        sql`lower(${bookings.email}) = lower(${email})`,
        eq(bookings.status, 'confirmed'),
        gt(bookings.start, now),
      ),
    )
    .get();
  return row?.n ?? 0;
}

export async function storeBooking(
  db: Db,
  request: BookingRequest,
  context: {
    now: Date;
    siteTimezone: string;
    throttle: ThrottleBucket;
    /** The source the visit is credited to (null: not counted), set on a lead without one. */
    source: string | null;
    /** The site's own addresses, for which no lead is made (docs/leads.md). */
    ownAddresses: OwnAddressConfig;
  },
): Promise<StoredBooking> {
  const { now } = context;
  const token = newToken();
  // The slot rules (and luxon) are loaded with the first booking, before its transaction
  // (docs/operations.md, "Start-up time").
  const { isFreeSlot } = await import('./free-slots');
  try {
    return await writeTransaction(db, async (tx) => {
      const settings = await readBookingSettings(tx, context.siteTimezone);
      if (!settings.enabled) throw bookingUnavailable();
      await take(tx, context.throttle, now);
      if ((await upcomingCalls(tx, request.email, now)) >= UPCOMING_CALLS_PER_PERSON) {
        throw tooManyUpcoming();
      }
      if (!(await isFreeSlot(tx, settings, request.start, now))) throw slotTaken();
      // No lead for the site's own addresses, checked after every refusal another address
      // would get, so the answer tells a stranger nothing more than a booking's would.
      if (await isOwnAddress(tx, context.ownAddresses, request.email)) {
        return { booking: null, token, settings };
      }

      const company = request.company ?? null;
      // Anyone can type a known lead's address: the booking keeps the name and company it
      // was given, the lead keeps its own (docs/booking.md, "Booking a call").
      await joinLead(
        tx,
        sql`1`,
        { email: request.email, name: request.name, company, now, source: context.source },
        { rename: false },
      ).run();
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
          visitorTimezone: request.timezone ?? null,
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
      // A reader who books a call gets no more welcome mails (docs/newsletter.md).
      await stopSequence(tx, 'booked', request.email).run();
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
