/**
 * The answers of the `admin` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

/** A completed sign-in. */
const signedInOutput = z.strictObject({
  warning: z.optional(z.string()),
  success: z.literal(true),
  recoveryCodesLeft: z.number(),
});

export const outputs = {
  check: z.strictObject({
    authenticated: z.boolean(),
    username: z.nullable(z.string()),
    awaitingTwoFactor: z.boolean(),
    pendingMethod: z.nullable(z.enum(['email', 'totp'])),
    setupRequired: z.boolean(),
  }),
  login: z.union([
    z.strictObject({
      success: z.literal(true),
      requiresTwoFactor: z.literal(true),
      method: z.literal('passkey'),
      setupRequired: z.optional(z.undefined()),
    }),
    z.strictObject({
      success: z.literal(true),
      requiresTwoFactor: z.literal(true),
      method: z.literal('totp'),
      setupRequired: z.optional(z.undefined()),
    }),
    z.strictObject({
      success: z.literal(true),
      requiresTwoFactor: z.literal(false),
      setupRequired: z.boolean(),
      method: z.optional(z.undefined()),
    }),
    z.strictObject({
      success: z.literal(true),
      requiresTwoFactor: z.literal(true),
      method: z.literal('email'),
      setupRequired: z.optional(z.undefined()),
    }),
  ]),
  verifyCode: z.union([z.strictObject({ success: z.literal(true) }), signedInOutput]),
  recoveryCode: z.union([z.strictObject({ success: z.literal(true) }), signedInOutput]),
  logout: z.strictObject({ success: z.literal(true) }),
};
