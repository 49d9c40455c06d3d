/**
 * The answers of lead-router.ts, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { fileDownloadOutput } from '#server/http/rest-meta';

const leadOutput = z.strictObject({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  company: z.nullable(z.string()),
  status: z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost']),
  value: z.nullable(z.number()),
  lostReason: z.nullable(z.string()),
  source: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  firstReplyAt: z.nullable(z.string()),
  followUpAt: z.nullable(z.string()),
  unread: z.number(),
});

const statusCountsOutput = z.strictObject({
  new: z.number(),
  replied: z.number(),
  meeting: z.number(),
  proposal: z.number(),
  won: z.number(),
  lost: z.number(),
});

const timelineEventOutput = z.strictObject({
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
});

export const outputs = {
  list: z.strictObject({
    leads: z.array(leadOutput),
    total: z.number(),
    counts: statusCountsOutput,
    page: z.number(),
    pageSize: z.number(),
  }),
  attention: z.strictObject({
    unanswered: z.array(leadOutput),
    followUps: z.array(leadOutput),
    stale: z.array(leadOutput),
  }),
  mailbox: z.strictObject({
    mailbox: z.nullable(
      z.strictObject({ lastPollAt: z.nullable(z.string()), lastError: z.nullable(z.string()) }),
    ),
  }),
  get: z.strictObject({ lead: leadOutput, timeline: z.array(timelineEventOutput) }),
  update: z.strictObject({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    company: z.nullable(z.string()),
    status: z.enum(['new', 'replied', 'meeting', 'proposal', 'won', 'lost']),
    value: z.nullable(z.number()),
    lostReason: z.nullable(z.string()),
    source: z.string(),
    createdAt: z.string(),
    lastActivityAt: z.string(),
    firstReplyAt: z.nullable(z.string()),
    followUpAt: z.nullable(z.string()),
    unread: z.number(),
  }),
  addNote: z.strictObject({
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
  export: fileDownloadOutput,
  erase: z.strictObject({ success: z.literal(true) }),
};
