/**
 * A lead and a timeline event as the lead procedures answer them, written once for the
 * `.output(...)` schemas of the leads router and the replies router (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { deliveryValues, leadStatusValues, timelineKindValues } from '#shared/lead-pipeline';
import { triageLabelValues } from '#shared/triage';

const leadStatus = z.enum(leadStatusValues);

export const leadOutput = z.strictObject({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  company: z.nullable(z.string()),
  status: leadStatus,
  value: z.nullable(z.number()),
  lostReason: z.nullable(z.string()),
  source: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  firstReplyAt: z.nullable(z.string()),
  followUpAt: z.nullable(z.string()),
  unread: z.number(),
  triage: z.nullable(
    z.strictObject({
      label: z.enum(triageLabelValues),
      reason: z.string(),
      summary: z.string(),
      at: z.string(),
      model: z.string(),
    }),
  ),
});

export const timelineEventOutput = z.strictObject({
  id: z.number(),
  at: z.string(),
  kind: z.enum(timelineKindValues),
  actor: z.nullable(z.string()),
  text: z.nullable(z.string()),
  subject: z.optional(z.string()),
  delivery: z.optional(z.enum(deliveryValues)),
  status: z.optional(leadStatus),
  from: z.optional(leadStatus),
  start: z.optional(z.string()),
  messageId: z.optional(z.number()),
});

/** A reply draft kept on the lead (docs/leads.md, "Drafts"). */
export const leadDraftOutput = z.strictObject({
  id: z.number(),
  subject: z.string(),
  text: z.string(),
  by: z.string(),
  at: z.string(),
});
