/**
 * The AI's proposal draft, from the admin (docs/ai.md, "Proposal drafts"): a draft proposal
 * written by the model from the lead's timeline, the site's services and the owner's price
 * list, stored as any draft is (../drafts.ts computes its amounts) and never sent by itself.
 * Spread into the `proposals` router (app/app-router.ts).
 */
import { TRPCError } from '@trpc/server';
import { PROPOSAL_MESSAGES as M } from '#shared/proposals';
import { outputs } from '#shared/shapes/proposals';
import { idInput } from '#shared/validation';
import { takeDraftPlace } from '#server/ai/drafts';
import { auditAdminChange } from '#server/audit/admin-change';
import { leadSubject } from '#server/audit/subjects';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { leadById } from '#server/leads/lead-query';
import { createDraft, proposalNotFound } from '../drafts';
import { proposalWithPayments } from '../proposal-store';
import { target } from '../router';
import { readProposalSettings } from '../settings';
import { writeProposalDraft } from './proposal-draft';

const leadNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.leadNotFound });

export const proposalDraftProcedures = {
  /**
   * POST /api/leads/:id/proposal-draft: a new draft proposal on the lead, answered 201 as
   * POST /api/leads/:id/proposals answers one, audited `proposal_created`. In the order of the
   * other AI drafts' errors: 429 (this administrator's drafts, then the month's tokens), 404,
   * 409 without AI_PROVIDER; 503 when the provider fails or its answer is no draft (nothing
   * stored then).
   */
  draft: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/proposal-draft',
        status: 201,
        body: { fields: [] },
        answer: 'spread',
      },
    })
    .input(idInput)
    .output(outputs.one)
    .mutation(async ({ ctx, input }) => {
      await takeDraftPlace(ctx, ctx.user.id);
      const lead = await leadById(ctx.db, input.id);
      if (!lead) throw leadNotFound();
      const settings = await readProposalSettings(ctx.db);
      const fields = await writeProposalDraft(ctx, lead, settings);
      const row = await createDraft(
        ctx.db,
        lead.id,
        { ...fields, currency: settings.currency },
        ctx.user.username,
        ctx.clock.now(),
        (tx, draft) =>
          auditAdminChange(tx, ctx, 'proposal_created', target(draft), leadSubject(lead.id)),
      );
      // The lead was erased while the model wrote.
      if (!row) throw leadNotFound();
      const proposal = await proposalWithPayments(ctx, row.id);
      if (!proposal) throw proposalNotFound();
      return { proposal };
    }),
};
