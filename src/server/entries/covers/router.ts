/**
 * `entryCovers.*`: POST and DELETE /api/entries/:id/cover (docs/api.md, "Uploaded images"):
 * an entry's cover, made by the media store (resized, checked) before the write and kept in
 * it; the answer is the entry.
 */
import { writeTransaction } from '#db';
import { entryIdInput } from '#shared/entries';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import {
  makeSiteImageOffThread,
  siteImageUploadInput,
  siteImageUploadRoute,
} from '#server/media/site-image';
import { coverSlot } from './cover-slot';
import { setEntryCover } from './entry-cover';
import { writePublishedPage } from '../entry-page-store';
import { entryJson } from '../entry-json';
import { outputs } from '#shared/shapes/entries';

export const entryCoversRouter = router({
  upload: adminProcedure
    .meta({ rest: siteImageUploadRoute('/api/entries/:id/cover') })
    .input(siteImageUploadInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const image = await makeSiteImageOffThread('cover', coverSlot(input.id), input.file.bytes, {
        timeLimitMs: ctx.imageTimeLimitMs,
      });
      const row = await writeTransaction(ctx.db, (tx) =>
        setEntryCover(tx, ctx, input.id, image, input.alt),
      );
      // A published entry's kept page shows its cover (og:image, JSON-LD): written again.
      await writePublishedPage(ctx, row);
      return { entry: entryJson(row) };
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/entries/:id/cover', answer: 'spread' } })
    .input(entryIdInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) => setEntryCover(tx, ctx, input.id, null));
      await writePublishedPage(ctx, row);
      return { entry: entryJson(row) };
    }),
});
