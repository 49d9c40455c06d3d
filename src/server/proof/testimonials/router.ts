/**
 * `testimonials.*`: clients' words in the admin (docs/content.md, "Testimonials and client
 * logos"; docs/api.md, "Testimonials and client logos"). Drafts, saves, publish only with a
 * recorded consent, unpublish, delete, the photo uploaded through the media store; every
 * write in one transaction with its audit entry. The home page reads published-proof.ts.
 */
import { writeTransaction } from '#db';
import {
  proofIdInput,
  proofListInput,
  testimonialCreateInput,
  testimonialSaveInput,
  type ProofStatus,
} from '#shared/proof';
import { router, type Context } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import type { SessionUser } from '#server/identity/sessions/session';
import {
  makeSiteImageOffThread,
  siteImageUploadInput,
  siteImageUploadRoute,
} from '#server/media/site-image';
import { testimonialJson } from '../proof-json';
import { testimonialsPage } from '../proof-query';
import { testimonialOutputs as outputs } from '#shared/shapes/proof';
import {
  createTestimonial,
  deleteTestimonial,
  photoSlot,
  saveTestimonial,
  setTestimonialPhoto,
  setTestimonialStatus,
  testimonialRow,
} from './testimonial-store';

type AdminContext = Context & { user: SessionUser };

async function changeStatus(ctx: AdminContext, id: number, status: ProofStatus) {
  const row = await writeTransaction(ctx.db, (tx) => setTestimonialStatus(tx, ctx, id, status));
  return { testimonial: testimonialJson(row) };
}

export const testimonialsRouter = router({
  /** 25 a page, last updated first; `q` in the quote, the name or the company. */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/testimonials',
        query: ['status', 'q', 'page'],
        answer: 'spread',
      },
    })
    .input(proofListInput)
    .output(outputs.list)
    .query(({ ctx, input }) => testimonialsPage(ctx.db, input)),

  /** One, for its editor; unknown: 404. */
  byId: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/testimonials/:id', answer: 'spread' } })
    .input(proofIdInput)
    .output(outputs.byId)
    .query(async ({ ctx, input }) => ({
      testimonial: testimonialJson(await testimonialRow(ctx.db, input.id)),
    })),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/testimonials',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(testimonialCreateInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) => createTestimonial(tx, ctx, input));
      return { testimonial: testimonialJson(row) };
    }),

  save: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/testimonials/:id', body: 'json', answer: 'spread' },
    })
    .input(testimonialSaveInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const row = await writeTransaction(ctx.db, (tx) => saveTestimonial(tx, ctx, id, fields));
      return { testimonial: testimonialJson(row) };
    }),

  publish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/testimonials/:id/publish', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.publish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'published')),

  unpublish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/testimonials/:id/unpublish', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.unpublish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'draft')),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/testimonials/:id', answer: 'success' } })
    .input(proofIdInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, (tx) => deleteTestimonial(tx, ctx, input.id));
      return { success: true };
    }),

  /** The photo: made (resized, checked) before the write, kept in it with the testimonial. */
  uploadPhoto: adminProcedure
    .meta({ rest: siteImageUploadRoute('/api/testimonials/:id/photo') })
    .input(siteImageUploadInput)
    .output(outputs.uploadPhoto)
    .mutation(async ({ ctx, input }) => {
      const image = await makeSiteImageOffThread(
        'portrait',
        photoSlot(input.id),
        input.file.bytes,
        {
          timeLimitMs: ctx.imageTimeLimitMs,
        },
      );
      const row = await writeTransaction(ctx.db, (tx) =>
        setTestimonialPhoto(tx, ctx, input.id, image, input.alt),
      );
      return { testimonial: testimonialJson(row) };
    }),

  removePhoto: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/testimonials/:id/photo', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.removePhoto)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) =>
        setTestimonialPhoto(tx, ctx, input.id, null),
      );
      return { testimonial: testimonialJson(row) };
    }),
});
