/**
 * The answers of the `subscribers` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { subscriberShownStatusValues } from '../newsletter';
import { sequenceExitValues } from '../outbox';
import { fileDownloadOutput } from './file-download';

const statusCountsOutput = z.strictObject({
  pending: z.number(),
  confirmed: z.number(),
  unsubscribed: z.number(),
  bounced: z.number(),
});

/** One row of an import's answer, in the order sent. */
export const importRowOutput = z.strictObject({
  email: z.string(),
  result: z.enum(['invalid', 'added', 'exists']),
  /** Why an invalid row was refused. */
  reason: z.optional(z.string()),
});
export type ImportRow = z.infer<typeof importRowOutput>;

/** A subscriber as the admin lists them. */
const subscriberOutput = z.strictObject({
  id: z.number(),
  email: z.string(),
  status: z.enum(subscriberShownStatusValues),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  unsubscribedAt: z.nullable(z.string()),
  /** The welcome sequence: mails given, and why it stopped (docs/newsletter.md). */
  sequence: z.strictObject({
    step: z.number(),
    exited: z.nullable(z.enum(sequenceExitValues)),
  }),
});
export type Subscriber = z.infer<typeof subscriberOutput>;

export const outputs = {
  list: z.strictObject({
    subscribers: z.array(subscriberOutput),
    total: z.number(),
    counts: statusCountsOutput,
    page: z.number(),
    pageSize: z.number(),
  }),
  add: subscriberOutput,
  import: z.strictObject({
    results: z.array(importRowOutput),
    added: z.number(),
    exists: z.number(),
    invalid: z.number(),
    success: z.literal(true),
  }),
  resend: z.strictObject({ success: z.literal(true) }),
  resendAll: z.strictObject({ queued: z.number(), heldBack: z.number() }),
  remove: z.strictObject({ success: z.literal(true) }),
  exportCsv: fileDownloadOutput,
};
