/**
 * A call's transcript added to its lead (docs/engagements.md, "Call notes"): kept whatever the
 * AI does, with the notes and a follow-up draft when the AI writes them. The model only
 * writes text: nothing here changes the lead's status, queues a mail or calls anything on its
 * say; the draft waits in the reply editor (leads/drafts/) for the owner, who sends it or not.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leads } from '#db/schema';
import { askModel } from '#server/ai/ask';
import { takeDraftPlace } from '#server/ai/drafts';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import { defaultSubject } from '#server/leads/drafts/default-subject';
import { saveLeadDraft } from '#server/leads/drafts/drafts';
import { leadById, timelineOf } from '#server/leads/lead-query';
import { ThrottledError, UnavailableError } from '#server/platform/errors';
import { CALL_NOTE_MESSAGES as M, type CallNoteAi } from '#shared/call-notes';
import { leadDraftFields } from '#shared/lead-drafts';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import type { CallNoteAdded } from '#shared/shapes/call-notes';
import type { LeadDraft } from '#shared/shapes/leads';
import { callOfLead, insertCallNote } from './call-note-store';
import { callNoteQuestion, parseNoteAnswer, type NoteAnswer } from './note-question';

export type CallNoteContext = Context & { user: SessionUser };

const leadNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });

interface Written {
  ai: CallNoteAi;
  note?: NoteAnswer;
  model?: string;
}

/**
 * The model's note and reply, or why there are none: AI off, the month's tokens or this
 * administrator's drafts used up (the limit), the provider down or its answer no note. None
 * of these loses the transcript.
 */
async function writtenByAi(
  ctx: CallNoteContext,
  call: Parameters<typeof callNoteQuestion>[0],
): Promise<Written> {
  if (!ctx.config.ai) return { ai: 'off' };
  try {
    await takeDraftPlace(ctx, ctx.user.id);
    const { text, model } = await askModel(ctx, callNoteQuestion(call));
    const note = parseNoteAnswer(text, call.transcript);
    const reply = leadDraftFields.safeParse({ subject: call.replySubject, text: note?.reply });
    if (!note || !reply.success) {
      ctx.logger.error('ai.call_notes_unreadable', { model });
      return { ai: 'failed' };
    }
    return { ai: 'used', note, model };
  } catch (error) {
    if (error instanceof ThrottledError) return { ai: 'limit_reached' };
    if (error instanceof UnavailableError) return { ai: 'failed' };
    throw error;
  }
}

/**
 * Adds the (already checked and plain) transcript to the lead, on its call when named: 404
 * for an unknown lead, or a call that is not this lead's. Audited `call_note_added`.
 */
export async function addCallNote(
  ctx: CallNoteContext,
  input: { leadId: number; transcript: string; bookingId?: number },
): Promise<CallNoteAdded> {
  const lead = await leadById(ctx.db, input.leadId);
  if (!lead) throw leadNotFound();
  const call =
    input.bookingId === undefined ? null : await callOfLead(ctx.db, lead.id, input.bookingId);
  if (input.bookingId !== undefined && !call) {
    throw new TRPCError({ code: 'NOT_FOUND', message: M.bookingNotFound });
  }
  const replySubject = await defaultSubject(ctx.db, lead.id);
  const written = await writtenByAi(ctx, {
    transcript: input.transcript,
    lead: { name: lead.name, company: lead.company },
    start: call?.start ?? null,
    timeline: await timelineOf(ctx.db, lead.id),
    replySubject,
  });
  return writeTransaction(ctx.db, async (tx) => {
    // The lead may have been erased while the model wrote.
    const still = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, lead.id)).get();
    if (!still) throw leadNotFound();
    const now = ctx.clock.now();
    let draft: LeadDraft | undefined;
    let notice: string | undefined = written.ai === 'used' ? undefined : M[written.ai];
    if (written.note && written.model) {
      try {
        draft = await saveLeadDraft(tx, {
          leadId: lead.id,
          subject: replySubject,
          text: written.note.reply,
          by: written.model,
          at: now,
        });
      } catch (error) {
        // The lead's drafts are full (their limit, leads/drafts/drafts.ts): the note is kept.
        if (!(error instanceof TRPCError && error.code === 'CONFLICT')) throw error;
        notice = M.draftsFull;
      }
    }
    const callNote = await insertCallNote(tx, {
      leadId: lead.id,
      bookingId: call?.id ?? null,
      transcript: input.transcript,
      summary: written.note?.summary ?? '',
      decisions: written.note?.decisions ?? [],
      actions: written.note?.actions ?? [],
      model: written.model ?? null,
      draftId: draft?.id ?? null,
      createdBy: ctx.user.username,
      createdAt: now,
    });
    await auditAdminChange(
      tx,
      ctx,
      'call_note_added',
      `lead ${lead.id}: call note ${callNote.id}`,
      leadSubject(lead.id),
    );
    return {
      callNote,
      ai: written.ai,
      ...(draft ? { draft } : {}),
      ...(notice ? { notice } : {}),
    };
  });
}
