/**
 * The answers of the `siteSettings` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const siteSettingsViewOutput = z.strictObject({
  address: z.string(),
  timeZone: z.string(),
  saved: z.strictObject({ address: z.nullable(z.string()), timeZone: z.nullable(z.string()) }),
  fromEnvironment: z.strictObject({ address: z.boolean(), timeZone: z.boolean() }),
});

export const outputs = {
  get: z.strictObject({ settings: siteSettingsViewOutput }),
  save: z.strictObject({ settings: siteSettingsViewOutput }),
};
