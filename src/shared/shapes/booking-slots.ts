/**
 * The answers of the `booking` (the free slots) procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  slots: z.strictObject({
    timezone: z.string(),
    meetingMinutes: z.number(),
    location: z.string(),
    slots: z.array(z.strictObject({ start: z.string(), end: z.string() })),
  }),
};
