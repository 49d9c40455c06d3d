/**
 * The owner's Bookings (docs/api.md, "Bookings"): the upcoming and past calls, cancelling one
 * with a message to the visitor, and, once a call has begun, whether it took place.
 */
import { asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { bookings, type BookingRow } from '#db/schema';
import {
  adminCancelInput,
  CALL_MESSAGES,
  BOOKINGS_PAGE_SIZE,
  bookingListInput,
  bookingOutcomeInput,
} from '#shared/booking-request';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { notifyBooking } from './booking-notify';
import { cancelBooking } from './change';
import { siteSettings } from '#server/site/site-settings';
import { outputs, type AdminBooking } from '#shared/shapes/bookings';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CALL_MESSAGES.notFound });

function adminBooking(row: BookingRow): AdminBooking {
  return {
    id: row.id,
    leadId: row.leadId,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    location: row.location,
    status: row.status,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export const bookingsRouter = router({
  /** Upcoming (not yet ended) soonest first; past latest first; 50 a page. */
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/bookings', query: ['scope', 'page'], answer: 'spread' },
    })
    .input(bookingListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const upcoming = input.scope === 'upcoming';
      const where = upcoming ? gte(bookings.end, now) : lt(bookings.end, now);
      const rows = await ctx.db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(
          ...(upcoming
            ? [asc(bookings.start), asc(bookings.id)]
            : [desc(bookings.start), desc(bookings.id)]),
        )
        .limit(BOOKINGS_PAGE_SIZE)
        .offset((input.page - 1) * BOOKINGS_PAGE_SIZE)
        .all();
      const total = await ctx.db.select({ n: count() }).from(bookings).where(where).get();
      return {
        bookings: rows.map(adminBooking),
        total: total?.n ?? 0,
        page: input.page,
        pageSize: BOOKINGS_PAGE_SIZE,
      };
    }),

  /** The visitor is told, with the cancellation's calendar part and the owner's message. */
  cancel: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/bookings/:id/cancel',
        body: { fields: ['message'], optional: true },
        answer: 'success',
      },
    })
    .input(adminCancelInput)
    .output(outputs.cancel)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const result = await cancelBooking(ctx.db, eq(bookings.id, input.id), {
        now: ctx.clock.now(),
        siteTimezone: (await siteSettings(ctx)).timeZone,
        by: 'owner',
        reason: input.message ?? null,
        alongside: (tx, booking) =>
          auditAdminChange(tx, ctx, 'booking_cancelled', `booking ${booking.id}`),
      });
      if (!result) throw notFound();
      if (result.changed) {
        notifyBooking(ctx, result.booking, 'cancelled', {
          timeZone: result.settings.timezone,
          token: null,
          cancelledBy: 'owner',
          reason: result.booking.cancelReason,
        });
      }
      return { success: true };
    }),

  /** Completed or no-show, once the call's start has passed. */
  setOutcome: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/bookings/:id',
        body: { fields: ['status'] },
        answer: { key: 'booking' },
      },
    })
    .input(bookingOutcomeInput)
    .output(outputs.setOutcome)
    .mutation(async ({ ctx, input }): Promise<AdminBooking> => {
      const now = ctx.clock.now();
      const row = await writeTransaction(ctx.db, async (tx) => {
        const booking = await tx.select().from(bookings).where(eq(bookings.id, input.id)).get();
        if (!booking) return undefined;
        if (booking.status === 'cancelled') {
          throw new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.cancelled });
        }
        if (booking.start > now) {
          throw new TRPCError({ code: 'CONFLICT', message: CALL_MESSAGES.notPast });
        }
        const updated = await tx
          .update(bookings)
          .set({ status: input.status, updatedAt: now })
          .where(eq(bookings.id, booking.id))
          .returning()
          .get();
        await auditAdminChange(
          tx,
          ctx,
          'booking_updated',
          `booking ${booking.id}: ${input.status}`,
        );
        return updated;
      });
      if (!row) throw notFound();
      return adminBooking(row);
    }),
});
