/**
 * Reply drafts kept on a lead (docs/leads.md, "Drafts"): the one way to write one, read them
 * and dismiss one. Every writer (the MCP tool `lead_reply_draft`, any later one) calls
 * `saveLeadDraft` inside its write transaction, so the validation and the per-lead limit are
 * the same for all. A draft is never sent: an administrator opens it in the reply editor and
 * sends an ordinary reply, or dismisses it.
 */
import { TRPCError } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { insertWhere } from '#db/insert-where';
import { leadDrafts, leads } from '#db/schema';
import { LEAD_DRAFT_LIMITS, LEAD_DRAFT_MESSAGES, leadDraftFields } from '#shared/lead-drafts';
import type { LeadDraft } from '#shared/shapes/leads';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { NOT_ONE_LINE } from '#shared/validation';

/** `by` is shown as one line; an MCP client names itself, so it is cleaned and cut here. */
const BY_MAX = 200;

function byLine(by: string): string {
  const line = by
    .replace(new RegExp(NOT_ONE_LINE.source, 'gu'), ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, BY_MAX);
  return line || 'unknown';
}

export function leadDraftJson(row: typeof leadDrafts.$inferSelect): LeadDraft {
  return { id: row.id, subject: row.subject, text: row.text, by: row.by, at: row.at.toISOString() };
}

/**
 * Keeps a draft on the lead, inside the caller's write transaction, and answers it. Bad
 * subject or text: 400 with `issues` (subject, text); unknown lead: 404; the lead already
 * holds LEAD_DRAFT_LIMITS.perLead drafts: 409. The count and the insert are one statement, so
 * writes at once never pass the limit together, whatever transaction the caller holds.
 */
export async function saveLeadDraft(
  tx: Db,
  draft: { leadId: number; subject: string; text: string; by: string; at: Date },
): Promise<LeadDraft> {
  const parsed = leadDraftFields.safeParse({ subject: draft.subject, text: draft.text });
  if (!parsed.success) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid draft', cause: parsed.error });
  }
  const kept = sql`(select count(*) from ${leadDrafts} where ${leadDrafts.leadId} = ${draft.leadId})`;
  const row = await insertWhere(
    tx,
    leadDrafts,
    {
      leadId: draft.leadId,
      subject: parsed.data.subject,
      text: parsed.data.text,
      by: byLine(draft.by),
      at: draft.at,
    },
    sql`exists (select 1 from ${leads} where ${leads.id} = ${draft.leadId})
      and ${kept} < ${LEAD_DRAFT_LIMITS.perLead}`,
  )
    .returning()
    .get();
  if (row) return leadDraftJson(row);
  const lead = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.id, draft.leadId))
    .get();
  if (!lead) throw new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });
  throw new TRPCError({ code: 'CONFLICT', message: LEAD_DRAFT_MESSAGES.tooMany });
}

/** The lead's drafts, newest first. */
export async function draftsOfLead(db: Db, leadId: number): Promise<LeadDraft[]> {
  const rows = await db
    .select()
    .from(leadDrafts)
    .where(eq(leadDrafts.leadId, leadId))
    .orderBy(desc(leadDrafts.at), desc(leadDrafts.id))
    .all();
  return rows.map(leadDraftJson);
}

/** Removes one draft of the lead; false when the lead has no such draft. */
export async function dismissLeadDraft(tx: Db, leadId: number, draftId: number): Promise<boolean> {
  const gone = await tx
    .delete(leadDrafts)
    .where(and(eq(leadDrafts.leadId, leadId), eq(leadDrafts.id, draftId)))
    .returning({ id: leadDrafts.id })
    .all();
  return gone.length > 0;
}

/** Erasing the person (../person-data.ts): every draft of the lead. */
export async function eraseDraftsOfLead(tx: Db, leadId: number): Promise<void> {
  await tx.delete(leadDrafts).where(eq(leadDrafts.leadId, leadId));
}
