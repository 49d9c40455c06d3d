/**
 * The answers of the `secondFactor` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  totpSetup: z.strictObject({
    success: z.literal(true),
    secret: z.string(),
    otpauthUrl: z.string(),
  }),
  totpEnable: z.strictObject({ success: z.literal(true), recoveryCodes: z.array(z.string()) }),
  totpCancelSetup: z.strictObject({ success: z.literal(true) }),
  totpDisable: z.strictObject({ success: z.literal(true) }),
  regenerateRecoveryCodes: z.strictObject({
    success: z.literal(true),
    recoveryCodes: z.array(z.string()),
  }),
};
