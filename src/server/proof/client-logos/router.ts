/**
 * `clientLogos.*`: the logos of clients who agreed to be shown (docs/content.md,
 * "Testimonials and client logos"; docs/api.md, "Testimonials and client logos"). As the
 * testimonials: published only with a recorded consent, and with an image.
 */
import { writeTransaction } from '#db';
import {
  clientLogoCreateInput,
  clientLogoSaveInput,
  proofIdInput,
  proofListInput,
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
import {
  createClientLogo,
  deleteClientLogo,
  logoRow,
  logoSlot,
  saveClientLogo,
  setClientLogoImage,
  setClientLogoStatus,
} from './client-logo-store';
import { clientLogoJson } from '../proof-json';
import { clientLogosPage } from '../proof-query';
import { clientLogoOutputs as outputs } from '#shared/shapes/proof';

type AdminContext = Context & { user: SessionUser };

async function changeStatus(ctx: AdminContext, id: number, status: ProofStatus) {
  const row = await writeTransaction(ctx.db, (tx) => setClientLogoStatus(tx, ctx, id, status));
  return { clientLogo: clientLogoJson(row) };
}

export const clientLogosRouter = router({
  /** 25 a page, last updated first; `q` in the name. */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/client-logos',
        query: ['status', 'q', 'page'],
        answer: 'spread',
      },
    })
    .input(proofListInput)
    .output(outputs.list)
    .query(({ ctx, input }) => clientLogosPage(ctx.db, input)),

  /** One, for its editor; unknown: 404. */
  byId: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/client-logos/:id', answer: 'spread' } })
    .input(proofIdInput)
    .output(outputs.byId)
    .query(async ({ ctx, input }) => ({
      clientLogo: clientLogoJson(await logoRow(ctx.db, input.id)),
    })),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/client-logos',
        status: 201,
        body: 'json',
        answer: 'spread',
      },
    })
    .input(clientLogoCreateInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) => createClientLogo(tx, ctx, input));
      return { clientLogo: clientLogoJson(row) };
    }),

  save: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/client-logos/:id', body: 'json', answer: 'spread' },
    })
    .input(clientLogoSaveInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const row = await writeTransaction(ctx.db, (tx) => saveClientLogo(tx, ctx, id, fields));
      return { clientLogo: clientLogoJson(row) };
    }),

  publish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/client-logos/:id/publish', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.publish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'published')),

  unpublish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/client-logos/:id/unpublish', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.unpublish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'draft')),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/client-logos/:id', answer: 'success' } })
    .input(proofIdInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, (tx) => deleteClientLogo(tx, input.id));
      return { success: true };
    }),

  /** The image: SVG kept (sanitised) beside a PNG, or a PNG bounded in height. */
  uploadImage: adminProcedure
    .meta({ rest: siteImageUploadRoute('/api/client-logos/:id/image') })
    .input(siteImageUploadInput)
    .output(outputs.uploadImage)
    .mutation(async ({ ctx, input }) => {
      const image = await makeSiteImageOffThread(
        'client_logo',
        logoSlot(input.id),
        input.file.bytes,
        {
          timeLimitMs: ctx.imageTimeLimitMs,
        },
      );
      const row = await writeTransaction(ctx.db, (tx) =>
        setClientLogoImage(tx, ctx, input.id, image, input.alt),
      );
      return { clientLogo: clientLogoJson(row) };
    }),

  /** Only a draft's: a published logo keeps its image (400 on `image`). */
  removeImage: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/client-logos/:id/image', answer: 'spread' },
    })
    .input(proofIdInput)
    .output(outputs.removeImage)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) =>
        setClientLogoImage(tx, ctx, input.id, null),
      );
      return { clientLogo: clientLogoJson(row) };
    }),
});
