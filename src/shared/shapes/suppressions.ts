/**
 * The answers of the `suppressions` procedures, as the `.output(...)` schema of each procedure: tRPC
 * checks every answer against it (an unknown key is an error, not dropped), and the OpenAPI
 * document describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { suppressionReasonValues } from '../outbox';

/** An entry of the list (docs/api.md, "Suppression"). */
export const suppressionOutput = z.strictObject({
  email: z.string(),
  reason: z.enum(suppressionReasonValues),
  detail: z.string(),
  at: z.string(),
});
export type SuppressionEntry = z.infer<typeof suppressionOutput>;

export const outputs = {
  list: z.strictObject({
    suppressions: z.array(suppressionOutput),
    total: z.number(),
    page: z.number(),
  }),
  add: z.strictObject({ suppression: suppressionOutput, added: z.boolean() }),
  remove: z.strictObject({ success: z.literal(true) }),
};
