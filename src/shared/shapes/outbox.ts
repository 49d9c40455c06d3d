/**
 * The answers of the `outbox` procedures, as the `.output(...)` schema of each procedure (docs/api.md,
 * "OpenAPI").
 */
import { z } from 'zod/mini';
import { outboxKindValues, outboxStatusValues } from '../outbox';

/** One mail as the API answers it (docs/api.md). */
export const outboxMailOutput = z.strictObject({
  id: z.number(),
  kind: z.enum(outboxKindValues),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatusValues),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  /**
   * The latest bounce or complaint proved to be about this mail (its VERP token, its
   * Message-ID, the SMTP answer at send): a mail the server took may still have bounced.
   */
  bounce: z.nullable(
    z.strictObject({
      kind: z.enum(['hard', 'soft', 'complaint']),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});
export type OutboxMail = z.infer<typeof outboxMailOutput>;

export const outputs = {
  list: z.strictObject({ mails: z.array(outboxMailOutput), total: z.number() }),
  retry: z.strictObject({}),
};
