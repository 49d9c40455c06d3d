/**
 * Reply drafts kept on a lead (docs/leads.md, "Drafts"): their limits, messages and the one
 * validation every writer goes through (the MCP tool `lead_reply_draft` and any later one),
 * written once here so the tool's input schema and the server's check are the same rule.
 */
import { z } from 'zod/mini';
import { LEAD_LIMITS, replySubjectField } from './lead-pipeline';
import { idField, storedText } from './validation';

export const LEAD_DRAFT_LIMITS = {
  /** The subject follows the reply's rule (one line, 1-200). */
  subjectMax: LEAD_LIMITS.subjectMax,
  textMax: 10_000,
  /** Drafts kept per lead; one more is refused with 409 until one is dismissed. */
  perLead: 20,
} as const;

export const LEAD_DRAFT_MESSAGES = {
  textRequired: 'Draft text is required',
  textMax: `Draft text must be at most ${LEAD_DRAFT_LIMITS.textMax.toLocaleString('en-US')} characters`,
  tooMany: `A lead keeps at most ${LEAD_DRAFT_LIMITS.perLead} drafts. Dismiss one first.`,
  notFound: 'Draft not found',
} as const;

/** A draft's subject and text: the reply's subject rule, and Markdown text of 1-10,000. */
export const leadDraftFields = z.object({
  subject: replySubjectField,
  text: storedText().check(
    z.refine((text) => text.trim().length > 0, LEAD_DRAFT_MESSAGES.textRequired),
    z.maxLength(LEAD_DRAFT_LIMITS.textMax, LEAD_DRAFT_MESSAGES.textMax),
  ),
});
export type LeadDraftFields = z.infer<typeof leadDraftFields>;

/** DELETE /api/leads/:id/drafts/:draftId. */
export const leadDraftDismissInput = z.object({ id: idField, draftId: idField });
