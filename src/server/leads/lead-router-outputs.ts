/**
 * The answers of lead-router.ts, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { suppressionReasonValues } from '#shared/outbox';
import { fileDownloadOutput } from '#server/http/rest-meta';
import { leadDraftOutput, leadOutput, timelineEventOutput } from './lead-outputs';

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
