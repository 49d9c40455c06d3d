/**
 * The answers of the `siteSettings` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const savedSiteSettingsOutput = z.strictObject({
  address: z.nullable(z.string()),
  timeZone: z.nullable(z.string()),
});
export type SavedSiteSettings = z.infer<typeof savedSiteSettingsOutput>;

/** The values in force and where each comes from. */
export const siteSettingsViewOutput = z.strictObject({
  /** The origin links are made on and passkeys are bound to. */
  address: z.string(),
  timeZone: z.string(),
  /** What was saved in the admin (null: nothing). */
  saved: savedSiteSettingsOutput,
  /** Which values the server's environment sets: those win and cannot be changed here. */
  fromEnvironment: z.strictObject({ address: z.boolean(), timeZone: z.boolean() }),
});
export type SiteSettingsView = z.infer<typeof siteSettingsViewOutput>;

export const outputs = {
  get: z.strictObject({ settings: siteSettingsViewOutput }),
  save: z.strictObject({ settings: siteSettingsViewOutput }),
};
