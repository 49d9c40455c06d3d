/**
 * `media.*`: the site's uploaded images (docs/content.md, "Images"; shared/site-media.ts).
 * An upload is checked by its bytes, resized into the variants the page uses (variants.ts)
 * and stored as the slot's files in one transaction with its audit entry; a removal brings
 * the built-in default (or nothing) back. Either shows on every instance's pages, as a saved
 * content version does (the `site_content` counter, migration 0017).
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_SLOTS } from '#shared/site-media';
import { auditAdminChange } from '#server/audit/admin-change';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { contentSaved, latestContent } from '#server/site/site-content';
import { clearSlot, replaceSlot } from './store';
import { makeVariantsOffThread } from './image-thread';
import { uploadedFile } from './uploaded-file';
import { outputs } from '#shared/shapes/media';

/** The form's size, over which a multipart upload is refused before it is read (413). */
export const MEDIA_BODY_BYTES = MEDIA_MAX_BYTES + 64 * 1024;

const slotField = z.enum(MEDIA_SLOTS, MEDIA_MESSAGES.slot);

export const mediaRouter = router({
  /** What the pages show of the uploads now (each slot absent without one). */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/media', answer: { key: 'media' } } })
    .output(outputs.list)
    .query(async ({ ctx }) => (await latestContent(ctx.db)).content.media ?? {}),

  upload: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/media/:slot',
        body: 'multipart',
        maxBodyBytes: MEDIA_BODY_BYTES,
        answer: { key: 'media' },
      },
    })
    .input(z.object({ slot: slotField, file: uploadedFile }))
    .output(outputs.upload)
    .mutation(async ({ ctx, input }) => {
      if (input.file.bytes.byteLength > MEDIA_MAX_BYTES) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: MEDIA_MESSAGES.tooLarge });
      }
      const variants = await makeVariantsOffThread(input.slot, input.file.bytes, {
        timeLimitMs: ctx.imageTimeLimitMs,
      });
      await writeTransaction(ctx.db, async (tx) => {
        await replaceSlot(tx, input.slot, variants, ctx.clock.now());
        await auditAdminChange(tx, ctx, 'content_updated', `${input.slot} image uploaded`);
      });
      contentSaved(ctx.db);
      return (await latestContent(ctx.db)).content.media ?? {};
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/media/:slot', answer: { key: 'media' } } })
    .input(z.object({ slot: slotField }))
    .output(outputs.remove)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        if (await clearSlot(tx, input.slot)) {
          await auditAdminChange(tx, ctx, 'content_updated', `${input.slot} image removed`);
        }
      });
      contentSaved(ctx.db);
      return (await latestContent(ctx.db)).content.media ?? {};
    }),
});
