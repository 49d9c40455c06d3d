/**
 * `booking.settings`, `booking.saveSettings`: the owner's booking settings on the admin's
 * Booking screen (docs/booking.md), with what the calendar feed last gave.
 */
import { bookingSettingsInput } from '#shared/booking';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { feedState, readBusyFeedIfDue } from './busy-feed';
import { readBookingSettings, storeBookingSettings } from './settings';
import { siteSettings } from '#server/platform/site-settings';
import { outputs } from './settings-router-outputs';

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
      await readBusyFeedIfDue(ctx.db, settings, ctx.clock.now());
      return { settings, feed: await feedState(ctx.db, settings.busyFeedUrl) };
    }),

  saveSettings: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/booking/settings', body: 'json', answer: 'spread' },
    })
    .input(bookingSettingsInput)
    .output(outputs.saveSettings)
    .mutation(async ({ ctx, input }) => ({
      settings: await storeBookingSettings(ctx, input.settings),
    })),
};
