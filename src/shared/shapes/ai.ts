/**
 * The answers of the `ai` (and `leads.triage`) procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { AI_PROVIDERS } from '../ai-providers';

export const outputs = {
  triage: z.strictObject({ success: z.literal(true) }),
  usage: z.strictObject({
    enabled: z.boolean(),
    provider: z.nullable(z.enum(AI_PROVIDERS)),
    model: z.nullable(z.string()),
    month: z.strictObject({
      inputTokens: z.number(),
      outputTokens: z.number(),
      limit: z.number(),
    }),
  }),
};
