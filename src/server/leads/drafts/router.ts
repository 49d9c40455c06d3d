/**
 * The drafts kept on a lead, from the admin (docs/leads.md, "Drafts"): dismissing one. They
 * are read with the lead (GET /api/leads/:id answers `drafts`); the AI's reply draft is written
 * here too (reply-draft.ts). Spread into the `leads` router (app/app-router.ts).
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { LEAD_DRAFT_MESSAGES, leadDraftDismissInput } from '#shared/lead-drafts';
import { auditAdminChange } from '#server/platform/audit/admin-change';
import { leadSubject } from '#server/platform/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { dismissLeadDraft } from './drafts';
import { outputs } from './router-outputs';

export const leadDraftProcedures = {
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
