/**
 * Testimonial requests (docs/api.md, "Testimonial requests"): the owner's request (admin,
 * audited) and the client's side through the link's token (public: the token is the key).
 * The page at `/t/<token>` (page.ts) calls these same procedures, so its plain forms and the
 * JSON API keep one set of rules.
 */
import { z } from 'zod/mini';
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { testimonialRequests } from '#db/schema';
import {
  clientTestimonialRequest,
  testimonialApproveInput,
  testimonialRequestCreateInput,
  testimonialRequestOutput,
  testimonialTokenInput,
  TESTIMONIAL_REQUEST_MESSAGES as M,
} from '#shared/engagements/testimonial-requests';
import { throttleOutranksInput } from '#server/http/public-form';
import { publicProcedure, router, type Context } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { addressBucket } from '#server/platform/throttle-buckets';
import { approveRequest, clientRequest, declineRequest } from './client-answers';
import { createTestimonialRequest } from './request';
import { TESTIMONIAL_ACTIONS } from './throttle-rules';
import { withdrawApproval } from './withdraw';

const actionBucket = (ctx: Context) =>
  addressBucket(TESTIMONIAL_ACTIONS.kind, ctx.config.sessionSecret, ctx.req.ip);

const answered = <S extends string>(status: S) => z.object({ status: z.literal(status) });

export const testimonialRequestProcedures = {
  /**
   * POST /api/leads/:id/testimonial-requests: 201 the request, its mail queued. 409 while the
   * lead has an open one (checked before the model is asked, and held by the unique index).
   */
  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/testimonial-requests',
        status: 201,
        body: 'optional',
        answer: { key: 'request' },
      },
    })
    .input(testimonialRequestCreateInput)
    .output(testimonialRequestOutput)
    .mutation(async ({ ctx, input }) => {
      const open = await ctx.db
        .select({ id: testimonialRequests.id })
        .from(testimonialRequests)
        .where(
          and(
            eq(testimonialRequests.leadId, input.id),
            eq(testimonialRequests.status, 'open'),
            gt(testimonialRequests.expiresAt, ctx.clock.now()),
          ),
        )
        .get();
      if (open) throw new TRPCError({ code: 'CONFLICT', message: M.openExists });
      return createTestimonialRequest(ctx, input);
    }),

  view: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/t/:token', answer: { key: 'request' } } })
    .input(testimonialTokenInput)
    .output(clientTestimonialRequest)
    .query(({ ctx, input }) => clientRequest(ctx, input.token)),

  approve: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/t/:token/approve', body: 'json', answer: 'spread' },
    })
    .use(throttleOutranksInput(actionBucket, TESTIMONIAL_ACTIONS))
    .input(testimonialApproveInput)
    .output(answered('approved'))
    .mutation(({ ctx, input }) => approveRequest(ctx, input)),

  decline: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/t/:token/decline', body: 'optional', answer: 'spread' },
    })
    .input(testimonialTokenInput)
    .output(answered('declined'))
    .mutation(({ ctx, input }) => declineRequest(ctx, input.token)),

  withdraw: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/t/withdraw/:token',
        body: 'optional',
        answer: 'spread',
      },
    })
    .input(testimonialTokenInput)
    .output(answered('withdrawn'))
    .mutation(({ ctx, input }) => withdrawApproval(ctx, input.token)),
};

export const testimonialRequestsRouter = router(testimonialRequestProcedures);
