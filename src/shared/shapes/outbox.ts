/**
 * The answers of the `outbox` procedures, as the `.output(...)` schema of each procedure (docs/api.md,
 * "OpenAPI").
 */
import { z } from 'zod/mini';
import { outboxKindValues, outboxStatusValues } from '../outbox';

const outboxMailOutput = z.strictObject({
  id: z.number(),
  kind: z.enum(outboxKindValues),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatusValues),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  bounce: z.nullable(
    z.strictObject({
      kind: z.enum(['hard', 'soft', 'complaint']),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});

export const outputs = {
  list: z.strictObject({ mails: z.array(outboxMailOutput), total: z.number() }),
  retry: z.strictObject({}),
};
