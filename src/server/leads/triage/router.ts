import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { leads } from '#db/schema';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { idInput } from '#shared/validation';
import { aiModelOf, assertCanAsk } from '../../ai/ask';
import { triageInBackground, triageQuestion } from '../../ai/triage';
import { outputs } from '#shared/shapes/ai';

/** The leads' AI procedures, merged into `leads` (app/app-router.ts). */
export const leadTriageProcedures = {
  /**
   * POST /api/leads/:id/triage: asks the model again (the retry after a failure, docs/ai.md).
   * 409 without AI_PROVIDER and 429 past the month are answered at once; the reading itself
   * runs after the 202, as after a new enquiry.
   */
  triage: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/leads/:id/triage', status: 202, answer: 'success' },
    })
    .input(idInput)
    .output(outputs.triage)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await aiModelOf(ctx);
      const lead = await ctx.db
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.id, input.id))
        .get();
      if (!lead) throw new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });
      const question = await triageQuestion(ctx, lead.id);
      if (question) {
        await assertCanAsk(ctx, question);
        triageInBackground(ctx, lead.id, question, true);
      }
      return { success: true };
    }),
};
