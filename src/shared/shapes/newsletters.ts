/**
 * The answers of the `newsletters` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { newsletterStatusValues } from '../newsletter';

const newsletterOutput = z.strictObject({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(newsletterStatusValues),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.nullable(z.string()),
  /** Recipients written when the send started (0 for a draft). */
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type Newsletter = z.infer<typeof newsletterOutput>;

export const outputs = {
  list: z.array(newsletterOutput),
  byId: newsletterOutput,
  create: newsletterOutput,
  update: newsletterOutput,
  remove: z.strictObject({ success: z.literal(true) }),
  sendTest: z.strictObject({ success: z.literal(true) }),
  send: newsletterOutput,
  retry: newsletterOutput,
};
