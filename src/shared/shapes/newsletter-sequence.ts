/**
 * The answers of the `newsletterSequence` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const sequenceOutput = z.strictObject({
  enabled: z.boolean(),
  steps: z.array(z.strictObject({ subject: z.string(), body: z.string(), days: z.number() })),
});

export const outputs = { get: sequenceOutput, save: sequenceOutput };
