/**
 * `booking.slots`, GET /api/booking/slots: the free times a visitor may book (docs/booking.md).
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import { $ZodRealError } from 'zod/v4/core';
import { BOOKING_MESSAGES } from '#shared/booking';
import { addDays, daysSpanned, isRealDay } from '#shared/calendar-days';
import { publicProcedure } from '#server/http/trpc';
import { freshenBusyFeed } from './busy-feed';
import { readBookingSettings } from './settings';
import { siteSettings } from '#server/site/site-settings';
import { outputs } from '#shared/shapes/booking-slots';

/** The days shown when none are asked for, today included. */
export const DEFAULT_SLOT_DAYS = 14;
/** The most days one answer covers. */
export const MAX_SLOT_DAYS = 31;

const SLOT_MESSAGES = {
  date: 'Dates must be YYYY-MM-DD',
  range: `The range must end on or after its start and span at most ${MAX_SLOT_DAYS} days`,
} as const;

const day = z.optional(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, SLOT_MESSAGES.date)));
export const slotsInput = z.prefault(z.object({ from: day, to: day }), {});

/** A 400 with one issue, shaped as the procedures' input errors are (docs/api.md). */
function invalid(path: 'from' | 'to', message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new $ZodRealError([{ code: 'custom', path: [path], message, input: undefined }]),
  });
}

/**
 * Days of the owner's zone, both included: `from` defaults to today, `to` to the 14 days from
 * `from`. A date that does not exist, a reversed range or one of more than 31 days: 400.
 */
function resolveDays(input: { from?: string; to?: string }, today: string) {
  const from = input.from ? input.from : undefined;
  const to = input.to ? input.to : undefined;
  if (from !== undefined && !isRealDay(from)) throw invalid('from', SLOT_MESSAGES.date);
  if (to !== undefined && !isRealDay(to)) throw invalid('to', SLOT_MESSAGES.date);
  const start = from ?? today;
  const end = to ?? addDays(start, DEFAULT_SLOT_DAYS - 1);
  const span = daysSpanned(start, end);
  if (span < 1 || span > MAX_SLOT_DAYS) {
    throw invalid(to === undefined ? 'from' : 'to', SLOT_MESSAGES.range);
  }
  return { from: start, to: end };
}

export const bookingSlotsProcedures = {
  slots: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/booking/slots', query: ['from', 'to'], answer: 'spread' },
    })
    .input(slotsInput)
    .output(outputs.slots)
    .query(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      // The slot rules (and luxon) are loaded with the first question, not at the start
      // (docs/operations.md, "Start-up time").
      const [{ freeSlots }, { ownerDay }] = await Promise.all([
        import('./free-slots'),
        import('./slots'),
      ]);
      const settings = await readBookingSettings(ctx.db, (await siteSettings(ctx)).timeZone);
      // The range is checked first: invalid input is 400 whether booking is on or off.
      const days = resolveDays(input, ownerDay(settings, now));
      if (!settings.enabled) {
        throw new TRPCError({ code: 'NOT_FOUND', message: BOOKING_MESSAGES.unavailable });
      }
      await freshenBusyFeed(ctx.db, settings, now, ctx.logger, {
        production: ctx.config.production,
      });
      const slots = await freeSlots(ctx.db, settings, days, now);
      return {
        timezone: settings.timezone,
        meetingMinutes: settings.meetingMinutes,
        location: settings.location,
        slots: slots.map((slot) => ({
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
        })),
      };
    }),
};
