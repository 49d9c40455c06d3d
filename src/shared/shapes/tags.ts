/**
 * The answers of the `tags` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  list: z.array(z.strictObject({ id: z.number(), name: z.string(), createdAt: z.string() })),
  links: z.array(z.strictObject({ factId: z.number(), tagId: z.number() })),
  create: z.strictObject({ id: z.number(), name: z.string(), createdAt: z.string() }),
};
