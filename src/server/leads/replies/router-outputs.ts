/**
 * The answers of router.ts, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const outputs = {
  reply: z.strictObject({
    id: z.number(),
    at: z.string(),
    kind: z.enum([
      'message',
      'booking_cancelled',
      'booking',
      'note',
      'reply_sent',
      'reply_received',
      'status_changed',
      'booking_rescheduled',
    ]),
    actor: z.nullable(z.string()),
    text: z.nullable(z.string()),
    subject: z.optional(z.string()),
    delivery: z.optional(z.enum(['sending', 'sent', 'failed'])),
    status: z.optional(z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost'])),
    from: z.optional(z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost'])),
    start: z.optional(z.string()),
    messageId: z.optional(z.number()),
  }),
  retryReply: z.strictObject({
    id: z.number(),
    at: z.string(),
    kind: z.enum([
      'message',
      'booking_cancelled',
      'booking',
      'note',
      'reply_sent',
      'reply_received',
      'status_changed',
      'booking_rescheduled',
    ]),
    actor: z.nullable(z.string()),
    text: z.nullable(z.string()),
    subject: z.optional(z.string()),
    delivery: z.optional(z.enum(['sending', 'sent', 'failed'])),
    status: z.optional(z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost'])),
    from: z.optional(z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost'])),
    start: z.optional(z.string()),
    messageId: z.optional(z.number()),
  }),
};
