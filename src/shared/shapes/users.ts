/**
 * The answers of the `users` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const adminUserOutput = z.strictObject({
  id: z.number(),
  username: z.string(),
  email: z.nullable(z.string()),
  secondFactor: z.enum(['none', 'email', 'totp']),
  passkeys: z.number(),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  invited: z.boolean(),
  current: z.boolean(),
});

export const outputs = {
  list: z.array(adminUserOutput),
  invite: adminUserOutput,
  resendInvitation: adminUserOutput,
  remove: z.strictObject({ success: z.literal(true) }),
  resetSecondFactor: z.strictObject({ success: z.literal(true), user: adminUserOutput }),
};
