/**
 * The lead procedures' answers (the leads router, with its replies and drafts parts), as the
 * `.output(...)` schema of each procedure: tRPC checks every answer against it (an unknown key
 * is an error, not dropped), and the OpenAPI document describes the REST answers with it
 * (docs/api.md, "OpenAPI"). A lead and a timeline event are written once here; their
 * TypeScript types are derived from them.
 */
import { z } from 'zod/mini';
import { deliveryValues, leadStatusValues, timelineKindValues } from '../lead-pipeline';
import { suppressionReasonValues } from '../outbox';
import { triageLabelValues } from '../triage';
import { fileDownloadOutput } from './file-download';

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

const statusCountsOutput = z.strictObject({
  new: z.number(),
  replied: z.number(),
  meeting: z.number(),
  proposal: z.number(),
  won: z.number(),
  lost: z.number(),
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
    answered: z.array(leadOutput),
    followUps: z.array(leadOutput),
    stale: z.array(leadOutput),
  }),
  mailbox: z.strictObject({
    mailbox: z.nullable(
      z.strictObject({ lastPollAt: z.nullable(z.string()), lastError: z.nullable(z.string()) }),
    ),
  }),
  get: z.strictObject({
    lead: leadOutput,
    timeline: z.array(timelineEventOutput),
    /** The lead's address on the suppression list: why and since when (docs/api.md). */
    suppressed: z.nullable(
      z.strictObject({ reason: z.enum(suppressionReasonValues), at: z.string() }),
    ),
    /** Reply drafts kept on the lead, newest first (docs/leads.md, "Drafts"). */
    drafts: z.array(leadDraftOutput),
  }),
  update: leadOutput,
  addNote: timelineEventOutput,
  export: fileDownloadOutput,
  erase: z.strictObject({ success: z.literal(true) }),
};
