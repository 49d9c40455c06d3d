/**
 * The answers of the `newsletter` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  subscribe: z.strictObject({ success: z.literal(true) }),
  confirm: z.strictObject({ success: z.literal(true) }),
  unsubscribe: z.strictObject({ success: z.literal(true) }),
  linkState: z.enum(['valid', 'invalid']),
};
