/**
 * `siteSettings.get`, `siteSettings.save`: the site's public address and time zone on the
 * admin's Content screen (docs/content.md, "Address and time zone"). A value the server's
 * environment sets (SITE_URL, SITE_TIMEZONE) wins and cannot be changed here: saving one is
 * refused (409) rather than stored to no effect.
 */
import { TRPCError } from '@trpc/server';
import { $ZodRealError } from 'zod/v4/core';
import { writeTransaction } from '#db';
import { siteSettings as siteSettingsTable } from '#db/schema';
import {
  productionAddressAccepted,
  SITE_SETTINGS_MESSAGES,
  siteSettingsInput,
} from '#shared/site-settings';
import { auditAdminChange } from '#server/audit/admin-change';
import { router } from '#server/http/trpc';
import {
  assertProofInTx,
  passwordWhenGivenProcedure,
  requireRecentProof,
} from '#server/identity/recent-proof/recent-proof';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { currentSessionId } from '#server/identity/sessions/session';
import { contentSaved } from '#server/site/site-content';
import { resolveSiteSettings, siteSettings } from '#server/site/site-settings';
import { readSavedSiteSettings, SITE_SETTINGS_ROW } from '#server/site/site-settings-row';
import { outputs, type SavedSiteSettings } from '#shared/shapes/site-settings';

export const siteSettingsRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/site-settings', answer: 'spread' } })
    .output(outputs.get)
    .query(async ({ ctx }) => ({ settings: await siteSettings(ctx) })),

  /**
   * A new address needs a recent proof (docs/accounts.md): it is the base of every link with
   * a token and the passkey relying party, so a stolen session must not point them at its
   * own host. A save that keeps the address (the time zone alone) needs none: the zone moves
   * no link and no passkey. In production the address must be `https://` with a host name.
   */
  save: passwordWhenGivenProcedure
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
      // Whether the address in force moves (not when the environment sets it, nor when the
      // default is saved as it is): that is what links and passkeys follow.
      const inForce = (saved: SavedSiteSettings) => resolveSiteSettings(ctx.config, saved).address;
      const newAddress = (saved: SavedSiteSettings) =>
        inForce(saved) !== inForce({ ...saved, address: input.address });
      let proven: string | null = null;
      if (newAddress((await siteSettings(ctx)).saved)) {
        if (ctx.config.production && input.address !== null) assertProductionAddress(input.address);
        proven = (await requireRecentProof(ctx, ctx.user, input.password)).sessionId;
      }
      await writeTransaction(ctx.db, async (tx) => {
        // Decided again in the write: another save may have moved the address meanwhile,
        // and the proof may have grown old or the session ended while a password was hashed.
        if (newAddress(await readSavedSiteSettings(tx))) {
          await assertProofInTx(tx, ctx, ctx.user.id, proven ?? (await currentSessionId(ctx)));
        }
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

/** 400 on `address`, as the input's own check gives, for an address production refuses. */
function assertProductionAddress(address: string): void {
  if (productionAddressAccepted(address)) return;
  const message = SITE_SETTINGS_MESSAGES.addressInProduction;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new $ZodRealError([{ code: 'custom', path: ['address'], message, input: address }]),
  });
}
