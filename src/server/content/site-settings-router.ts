/**
 * `siteSettings.get`, `siteSettings.save`: the site's public address and time zone on the
 * admin's Content screen (docs/content.md, "Address and time zone"). A value the server's
 * environment sets (SITE_URL, SITE_TIMEZONE) wins and cannot be changed here: saving one is
 * refused (409) rather than stored to no effect.
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { siteSettings as siteSettingsTable } from '#db/schema';
import { SITE_SETTINGS_MESSAGES, siteSettingsInput } from '#shared/site-settings';
import { auditAdminChange } from '#server/platform/audit/admin-change';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { contentSaved } from '#server/platform/site-content';
import { siteSettings } from '#server/platform/site-settings';
import { SITE_SETTINGS_ROW } from '#server/platform/site-settings-row';
import { outputs } from './site-settings-router-outputs';

export const siteSettingsRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/site-settings', answer: 'spread' } })
    .output(outputs.get)
    .query(async ({ ctx }) => ({ settings: await siteSettings(ctx) })),

  save: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/site-settings', body: 'json', answer: 'spread' } })
    .input(siteSettingsInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const locked = [
        [ctx.config.siteUrlFromEnvironment, input.address, 'addressFromEnvironment'],
        [ctx.config.siteTimezoneFromEnvironment, input.timeZone, 'timeZoneFromEnvironment'],
      ] as const;
      for (const [fromEnvironment, value, message] of locked) {
        if (fromEnvironment && value !== null) {
          throw new TRPCError({ code: 'CONFLICT', message: SITE_SETTINGS_MESSAGES[message] });
        }
      }
      await writeTransaction(ctx.db, async (tx) => {
        const values = {
          address: input.address,
          timeZone: input.timeZone,
          updatedAt: ctx.clock.now(),
          updatedBy: ctx.user.username,
        };
        await tx
          .insert(siteSettingsTable)
          .values({ id: SITE_SETTINGS_ROW, ...values })
          .onConflictDoUpdate({ target: siteSettingsTable.id, set: values });
        const shown = (value: string | null) => value ?? 'not set';
        await auditAdminChange(
          tx,
          ctx,
          'site_settings_updated',
          `address ${shown(input.address)}, time zone ${shown(input.timeZone)}`,
        );
      });
      // This instance's pages use the new address at once, not after their check interval.
      contentSaved(ctx.db);
      return { settings: await siteSettings(ctx) };
    }),
});
