/**
 * The answers of the `invitation` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  check: z.strictObject({ username: z.string() }),
  accept: z.strictObject({ success: z.literal(true), username: z.string() }),
};
