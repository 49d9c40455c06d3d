/**
 * POST /api/leads/:id/case-study-draft (docs/api.md, "Case-study draft"): 201 a case study in
 * `draft` (entries/' store, audited `entry_created` there), its quotations removed (those not
 * the client's approved words flagged), the approved testimonial attached to it. With AI on, the administrator's drafts throttle
 * and the month's token cap apply as to every AI draft.
 */
import { z } from 'zod/mini';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { testimonials } from '#db/schema';
import { TESTIMONIAL_REQUEST_MESSAGES as M } from '#shared/engagements/testimonial-requests';
import { entryOutput } from '#shared/shapes/entries';
import { idField } from '#shared/validation';
import { takeDraftPlace } from '#server/ai/drafts';
import { entryJson } from '#server/entries/entry-json';
import { createEntry } from '#server/entries/entry-store';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { leadById } from '#server/leads/lead-query';
import { caseStudyFields } from './case-study-draft';

export const caseStudyDraftInput = z.object({
  id: idField,
  amounts: z._default(z.boolean(), false),
});

export const caseStudyRouter = router({
  draft: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/case-study-draft',
        status: 201,
        body: 'optional',
        answer: 'spread',
      },
    })
    .input(caseStudyDraftInput)
    .output(z.object({ entry: entryOutput, flagged: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => {
      if (ctx.config.ai !== null) await takeDraftPlace(ctx, ctx.user.id);
      const lead = await leadById(ctx.db, input.id);
      if (!lead) throw new TRPCError({ code: 'NOT_FOUND', message: M.leadNotFound });
      const { fields, flagged, attach } = await caseStudyFields(ctx, lead, input.amounts);
      const row = await writeTransaction(ctx.db, async (tx) => {
        const entry = await createEntry(tx, ctx, fields);
        // The approved words show through the testimonial, which a withdrawal takes off.
        if (attach !== null) {
          await tx
            .update(testimonials)
            .set({ entryId: entry.id })
            .where(and(eq(testimonials.id, attach), isNull(testimonials.entryId)));
        }
        return entry;
      });
      return { entry: entryJson(row), flagged };
    }),
});
