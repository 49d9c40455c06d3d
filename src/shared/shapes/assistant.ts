/**
 * The answers of the `assistant` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const settings = z.strictObject({ success: z.literal(true), enabled: z.boolean() });

export const outputs = {
  settings,
  saveSettings: settings,
  handoff: z.strictObject({ success: z.literal(true), message: z.string() }),
  counts: z.strictObject({
    success: z.literal(true),
    from: z.string(),
    to: z.string(),
    questions: z.number(),
    answered: z.number(),
    handedOff: z.number(),
  }),
};
