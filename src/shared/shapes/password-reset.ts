/**
 * The answers of the `passwordReset` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  request: z.strictObject({
    success: z.literal(true),
    message: z.literal(
      'If that account has an e-mail address, a link is on its way. It works for 30 minutes.',
    ),
  }),
  check: z.strictObject({ username: z.string(), method: z.enum(['email', 'totp']) }),
  choose: z.strictObject({
    success: z.literal(true),
    requiresTwoFactor: z.literal(true),
    method: z.enum(['email', 'totp']),
  }),
};
