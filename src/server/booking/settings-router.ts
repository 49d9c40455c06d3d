/**
 * `booking.settings`, `booking.saveSettings`: the owner's booking settings on the admin's
 * Booking screen (docs/booking.md), with what the calendar feed last gave.
 */
import { TRPCError } from '@trpc/server';
import { $ZodRealError } from 'zod/v4/core';
import { BOOKING_MESSAGES, bookingSettingsInput } from '#shared/booking';
import { knownRefusal } from '#server/platform/public-fetch';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { feedState, readBusyFeedIfDue } from './busy-feed';
import { readBookingSettings, storeBookingSettings } from './settings';
import { siteSettings } from '#server/site/site-settings';
import { outputs } from '#shared/shapes/booking-settings';

/**
 * A 400 on `settings.busyFeedUrl` for an address the feed's reads would refuse whatever its
 * name resolves to (docs/booking.md): not https in production, a non-public IP address or
 * `localhost`. A name that resolves to such an address is refused when read.
 */
function assertReadableFeed(url: string | null, production: boolean): void {
  if (url === null) return;
  const refusal = knownRefusal(url, { production });
  if (refusal === null) return;
  const message =
    refusal === 'scheme' ? BOOKING_MESSAGES.feedUrlHttps : BOOKING_MESSAGES.feedUrlPublic;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new $ZodRealError([
      { code: 'custom', path: ['settings', 'busyFeedUrl'], message, input: url },
    ]),
  });
}

export const bookingSettingsProcedures = {
  /**
   * The settings and the feed's state. A feed due for a read is read first (at most its
   * time limit), so the owner sees right away whether a newly pasted address works.
   */
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/booking/settings', answer: 'spread' } })
    .output(outputs.settings)
    .query(async ({ ctx }) => {
      const settings = await readBookingSettings(ctx.db, (await siteSettings(ctx)).timeZone);
      await readBusyFeedIfDue(ctx.db, settings, ctx.clock.now(), {
        production: ctx.config.production,
      });
      return { settings, feed: await feedState(ctx.db, settings.busyFeedUrl) };
    }),

  saveSettings: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/booking/settings', body: 'json', answer: 'spread' },
    })
    .input(bookingSettingsInput)
    .output(outputs.saveSettings)
    .mutation(async ({ ctx, input }) => {
      assertReadableFeed(input.settings.busyFeedUrl, ctx.config.production);
      return { settings: await storeBookingSettings(ctx, input.settings) };
    }),
};
