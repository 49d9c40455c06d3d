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
import { leadBuyerOutput } from './invoices';

const leadStatus = z.enum(leadStatusValues);

/** The AI's reading of a lead's latest enquiry or booking, or a label set by hand (docs/ai.md). */
const leadTriageOutput = z.strictObject({
  label: z.enum(triageLabelValues),
  /** 1-200 characters. */
  reason: z.string(),
  /** At most 3 lines; empty when the label was set by hand before any reading. */
  summary: z.string(),
  at: z.string(),
  /** The model that read it, or `manual`. */
  model: z.string(),
});
export type LeadTriage = z.infer<typeof leadTriageOutput>;

/** A lead as the admin reads it (docs/api.md, "Leads"). Times are ISO 8601, UTC. */
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
  /** Its unread messages and answers. */
  unread: z.number(),
  triage: z.nullable(leadTriageOutput),
  /** Whom invoices name; null until given (docs/invoices.md, "The buyer"). */
  buyer: z.nullable(leadBuyerOutput),
});
export type Lead = z.infer<typeof leadOutput>;

/** One entry of a lead's timeline, oldest first. */
export const timelineEventOutput = z.strictObject({
  id: z.number(),
  at: z.string(),
  kind: z.enum(timelineKindValues),
  /** The administrator who did it; for a received answer, the address it came from. */
  actor: z.nullable(z.string()),
  text: z.nullable(z.string()),
  /** A reply's subject line. */
  subject: z.optional(z.string()),
  /** A sent reply's state. */
  delivery: z.optional(z.enum(deliveryValues)),
  /** A status change's new status. */
  status: z.optional(leadStatus),
  /** A status change's previous status. */
  from: z.optional(leadStatus),
  /** A booking's start (the booking issue). */
  start: z.optional(z.string()),
  /** A message's id in Messages. */
  messageId: z.optional(z.number()),
  /** The proposal a `proposal_*` or `payment_*` entry is about (docs/proposals.md). */
  proposalId: z.optional(z.number()),
  /**
   * The engagement whose thread shows it (docs/engagements.md, "The thread"): an answer written
   * on the client's engagement page, or a reply sent while that engagement was active.
   */
  engagementId: z.optional(z.number()),
});
export type TimelineEvent = z.infer<typeof timelineEventOutput>;

/** A reply draft kept on the lead (docs/leads.md, "Drafts"), as GET /api/leads/:id answers it. */
export const leadDraftOutput = z.strictObject({
  id: z.number(),
  subject: z.string(),
  text: z.string(),
  by: z.string(),
  at: z.string(),
});
export type LeadDraft = z.infer<typeof leadDraftOutput>;

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
    /** Leads that declined a proposal, until the owner replies, sends another or moves them. */
    declined: z.array(leadOutput),
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
  /**
   * What the law keeps: the issued invoices' and credit notes' numbers (docs/invoices.md), and
   * the signed proposals' as "number vN" (docs/proposals.md, "Records").
   */
  erase: z.strictObject({
    success: z.literal(true),
    kept: z.strictObject({ invoices: z.array(z.string()), proposals: z.array(z.string()) }),
  }),
};
