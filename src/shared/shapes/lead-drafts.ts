/**
 * The answers of the `leads` (the reply drafts) procedures, as the `.output(...)` schema of each procedure (docs/api.md,
 * "OpenAPI"); a draft's own shape is in leads.ts, beside the lead's.
 */
import { z } from 'zod/mini';

export const outputs = {
  replyDraft: z.strictObject({ subject: z.string(), text: z.string() }),
  dismissDraft: z.strictObject({ success: z.literal(true) }),
};
