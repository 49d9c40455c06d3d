/**
 * The visitor's side of a call (docs/api.md, "Booking a call"): book a free slot, and, from
 * the manage link mailed with the confirmation, read the booking, move it or cancel it.
 * Mails go after the answer (booking-notify.ts); a GET never changes anything.
 */
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { bookings, type BookingRow } from '#db/schema';
import {
  CALL_MESSAGES,
  bookingInput,
  cancelInput,
  manageInput,
  rescheduleInput,
} from '#shared/booking-request';
import type { BookingSettings } from '#shared/booking';
import { recordConversion, visitCredit } from '#server/analytics/record';
import { creditedSource } from '#server/analytics/event-rows';
import { honeypotFirst, throttleOutranksInput } from '#server/http/public-form';
import { publicProcedure, type Context } from '#server/http/trpc';
import { lookedUpToken } from '#server/platform/link-misses';
import { addressBucket } from '#server/platform/throttle-buckets';
import type { ThrottleRule } from '#server/platform/throttle';
import { triageInBackground } from '#server/ai/triage';
import { storeBooking } from './book';
import { notifyBooking } from './booking-notify';
import { cancelBooking, rescheduleBooking, visitorCanChange } from './change';
import { engagementCall } from './engagement-calls';
import { bookingUid } from './invitation';
import { readBookingSettings } from './settings';
import {
  BOOKING_REQUESTS,
  CANCEL_REQUESTS,
  MOVES_PER_BOOKING,
  RESCHEDULE_REQUESTS,
} from './throttle-rules';
import { siteSettings } from '#server/site/site-settings';
import { outputs, type ManagedBooking } from '#shared/shapes/booking-call';

/** Each action's bucket of the client's address (./throttle-rules.ts). */
const bucketOf = (rule: ThrottleRule) => (ctx: Context) =>
  addressBucket(rule.kind, ctx.config.sessionSecret, ctx.req.ip);
const bookingBucket = bucketOf(BOOKING_REQUESTS);
const rescheduleBucket = bucketOf(RESCHEDULE_REQUESTS);
const cancelBucket = bucketOf(CANCEL_REQUESTS);

const deadLink = () => new TRPCError({ code: 'NOT_FOUND', message: CALL_MESSAGES.notFound });

/** The times of a booking as the visitor's page and the API answer them. */
export function managedBooking(
  booking: BookingRow,
  settings: BookingSettings,
  now: Date,
): ManagedBooking {
  return {
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    location: booking.location,
    status: booking.status === 'cancelled' ? 'cancelled' : 'confirmed',
    timezone: booking.visitorTimezone,
    canChange: visitorCanChange(booking, settings, now),
  };
}

/**
 * The booking of a manage link's token, looked up by one read: an unknown token is counted
 * against the client's address like every other link's (platform/link-misses.ts). With `call`,
 * the token is an engagement page's link instead (engagement-calls.ts); `change` says whether
 * the call is to be moved or cancelled through it.
 */
async function bookingOfToken(
  ctx: Context,
  link: { token: string; call?: number | undefined },
  change: boolean,
): Promise<BookingRow> {
  const found =
    link.call === undefined
      ? await lookedUpToken(ctx, link.token, async (hash) =>
          ctx.db.select().from(bookings).where(eq(bookings.tokenHash, hash)).get(),
        )
      : await engagementCall(ctx, { token: link.token, call: link.call, change });
  if (!found) throw deadLink();
  return found;
}

export const bookingCallProcedures = {
  book: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/booking', status: 201, body: 'json', answer: 'spread' },
    })
    // A bot is told what a person is, and nothing is stored.
    .use(honeypotFirst({ booking: null }))
    .use(throttleOutranksInput(bookingBucket, BOOKING_REQUESTS))
    .input(bookingInput)
    .output(outputs.book)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const site = await siteSettings(ctx);
      // The lead's source is credited in the booking's own write (docs/leads.md).
      const credit = await visitCredit(ctx);
      // Stored before any mail is tried: a mail failure never loses it.
      const { booking, token, settings } = await storeBooking(ctx.db, input, {
        now,
        source: credit && creditedSource(credit),
        siteTimezone: site.timeZone,
        throttle: { bucket: bookingBucket(ctx), rule: BOOKING_REQUESTS },
        ownAddresses: ctx.config,
      });
      // The site's own address (docs/leads.md): answered as the honeypot is, the throttle's
      // place taken as a booking's would be.
      if (!booking) {
        ctx.logger.info('booking.own_address', { requestId: ctx.req.requestId });
        return { booking: null };
      }
      ctx.logger.info('booking.stored', { requestId: ctx.req.requestId, bookingId: booking.id });
      recordConversion(ctx, 'booking', credit);
      notifyBooking(ctx, booking, 'booked', { timeZone: settings.timezone, token });
      // Read by the model after the answer, never before it (docs/ai.md).
      triageInBackground(ctx, booking.leadId);
      return {
        booking: {
          start: booking.start.toISOString(),
          end: booking.end.toISOString(),
          location: booking.location,
          // The invitation's UID: the visitor's "Add to calendar" file carries it too, so a
          // calendar given both keeps one entry, which the mailed updates move or remove.
          uid: bookingUid(booking.id, site.address),
        },
      };
    }),

  manage: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/booking/manage',
        query: ['token', 'call'],
        answer: { key: 'booking' },
      },
    })
    .input(manageInput)
    .output(outputs.manage)
    .query(async ({ ctx, input }): Promise<ManagedBooking> => {
      const booking = await bookingOfToken(ctx, input, false);
      const settings = await readBookingSettings(ctx.db, (await siteSettings(ctx)).timeZone);
      return managedBooking(booking, settings, ctx.clock.now());
    }),

  cancel: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/booking/cancel', body: 'json', answer: 'success' },
    })
    .use(throttleOutranksInput(cancelBucket, CANCEL_REQUESTS))
    .input(cancelInput)
    .output(outputs.cancel)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const found = await bookingOfToken(ctx, input, true);
      const result = await cancelBooking(ctx.db, eq(bookings.id, found.id), {
        now: ctx.clock.now(),
        siteTimezone: (await siteSettings(ctx)).timeZone,
        by: 'visitor',
        reason: input.reason ?? null,
        throttle: [{ bucket: cancelBucket(ctx), rule: CANCEL_REQUESTS }],
      });
      if (!result) throw deadLink();
      if (result.changed) {
        notifyBooking(ctx, result.booking, 'cancelled', {
          timeZone: result.settings.timezone,
          token: null,
          cancelledBy: 'visitor',
          reason: result.booking.cancelReason,
        });
      }
      return { success: true };
    }),

  reschedule: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/booking/reschedule',
        body: 'json',
        answer: { key: 'booking' },
      },
    })
    .use(throttleOutranksInput(rescheduleBucket, RESCHEDULE_REQUESTS))
    .input(rescheduleInput)
    .output(outputs.reschedule)
    .mutation(async ({ ctx, input }): Promise<ManagedBooking> => {
      const found = await bookingOfToken(ctx, input, true);
      const now = ctx.clock.now();
      const result = await rescheduleBooking(ctx.db, eq(bookings.id, found.id), {
        now,
        siteTimezone: (await siteSettings(ctx)).timeZone,
        start: input.start,
        timezone: input.timezone,
        // The address's moves, and this booking's moves from any address.
        throttle: [
          { bucket: rescheduleBucket(ctx), rule: RESCHEDULE_REQUESTS },
          { bucket: `${MOVES_PER_BOOKING.kind}:${found.id}`, rule: MOVES_PER_BOOKING },
        ],
      });
      if (!result) throw deadLink();
      if (result.changed) {
        notifyBooking(ctx, result.booking, 'rescheduled', {
          timeZone: result.settings.timezone,
          // An engagement's link never goes into a mail of the call (docs/engagements.md).
          token: input.call === undefined ? input.token : null,
        });
      }
      return managedBooking(result.booking, result.settings, now);
    }),
};
