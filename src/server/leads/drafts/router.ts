/**
 * The drafts kept on a lead, from the admin (docs/leads.md, "Drafts"): dismissing one. They
 * are read with the lead (GET /api/leads/:id answers `drafts`); the AI's reply draft is written
 * here too (reply-draft.ts). Spread into the `leads` router (app/app-router.ts).
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { LEAD_DRAFT_MESSAGES, leadDraftDismissInput } from '#shared/lead-drafts';
import { idInput } from '#shared/validation';
import { takeDraftPlace } from '#server/ai/drafts';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { dismissLeadDraft } from './drafts';
import { writeReplyDraft } from './reply-draft';
import { outputs } from '#shared/shapes/lead-drafts';

export const leadDraftProcedures = {
  /**
   * POST /api/leads/:id/reply-draft: a reply written by the model from the lead's
   * conversation and the site's published words (docs/ai.md, "Reply drafts"), answered for
   * the reply editor and not stored. In the documented order of errors: 429 (this
   * administrator's drafts, then the month's tokens), 404, 409 without AI_PROVIDER; 503 when
   * the provider fails or its answer is no draft.
   */
  replyDraft: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/reply-draft',
        body: { fields: [] },
        answer: { key: 'draft' },
      },
    })
    .input(idInput)
    .output(outputs.replyDraft)
    .mutation(async ({ ctx, input }) => {
      await takeDraftPlace(ctx, ctx.user.id);
      return writeReplyDraft(ctx, input.id);
    }),

  /** DELETE /api/leads/:id/drafts/:draftId: the draft goes; audited `lead_draft_dismissed`. */
  dismissDraft: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/leads/:id/drafts/:draftId', answer: 'success' },
    })
    .input(leadDraftDismissInput)
    .output(outputs.dismissDraft)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const dismissed = await writeTransaction(ctx.db, async (tx) => {
        if (!(await dismissLeadDraft(tx, input.id, input.draftId))) return false;
        await auditAdminChange(
          tx,
          ctx,
          'lead_draft_dismissed',
          `lead ${input.id}: draft ${input.draftId}`,
          leadSubject(input.id),
        );
        return true;
      });
      if (!dismissed)
        throw new TRPCError({ code: 'NOT_FOUND', message: LEAD_DRAFT_MESSAGES.notFound });
      return { success: true };
    }),
};
