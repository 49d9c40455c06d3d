/**
 * The answers of the `oauth` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it, and the OpenAPI document describes the REST answers with it
 * (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  request: z.strictObject({
    id: z.string(),
    clientName: z.string(),
    redirectHost: z.string(),
    scopes: z.array(z.string()),
  }),
  /** Where the consent screen sends the browser: the client's address with code or error. */
  decision: z.strictObject({ success: z.literal(true), redirectTo: z.string() }),
};
