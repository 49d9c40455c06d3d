/**
 * The answers of the `users` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

/** One row of the Administrators list (GET /api/users). */
export const adminUserOutput = z.strictObject({
  id: z.number(),
  username: z.string(),
  email: z.nullable(z.string()),
  secondFactor: z.enum(['none', 'email', 'totp']),
  /** How many passkeys they have (each signs in without password or code). */
  passkeys: z.number(),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  /** True until the invitation is used: the user cannot sign in yet. */
  invited: z.boolean(),
  /** The administrator asking. */
  current: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserOutput>;

export const outputs = {
  list: z.array(adminUserOutput),
  invite: adminUserOutput,
  resendInvitation: adminUserOutput,
  remove: z.strictObject({ success: z.literal(true) }),
  resetSecondFactor: z.strictObject({ success: z.literal(true), user: adminUserOutput }),
  /** How many of their sessions ended (their sign-ins waiting for a code end too, uncounted). */
  endSessions: z.strictObject({ success: z.literal(true), ended: z.number() }),
};
