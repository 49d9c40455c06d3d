/**
 * `entries.*`: case studies and insights in the admin (docs/content.md, "Case studies and
 * insights"; docs/api.md, "Entries"). Drafts with versions, a save refused (409) over a
 * version it did not see, publish and unpublish, delete; every write in one transaction with
 * its audit entry. The pages read published.ts.
 */
import { writeTransaction } from '#db';
import {
  entryCreateInput,
  entryIdInput,
  entryListInput,
  entrySaveInput,
  type EntryStatus,
} from '#shared/entries';
import { router, type Context } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import type { SessionUser } from '#server/identity/sessions/session';
import { entryJson } from './entry-json';
import { entriesPage, entryWithVersions } from './entry-query';
import type { FileDownload } from '#shared/shapes/file-download';
import { bareFrame } from './bare-frame';
import { entryPageHtml, writePublishedPage } from './entry-page-store';
import { createEntry, deleteEntry, saveEntry, setEntryStatus } from './entry-store';
import { outputs } from '#shared/shapes/entries';

type AdminContext = Context & { user: SessionUser };

async function changeStatus(ctx: AdminContext, id: number, status: EntryStatus) {
  const row = await writeTransaction(ctx.db, (tx) => setEntryStatus(tx, ctx, id, status));
  // The page is ready before anyone asks (docs/content.md, "The entry pages").
  await writePublishedPage(ctx, row);
  return { entry: entryJson(row) };
}

export const entriesRouter = router({
  /** 25 a page, last updated first, without bodies; a page past the end is empty. */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/entries',
        query: ['kind', 'status', 'q', 'page'],
        answer: 'spread',
      },
    })
    .input(entryListInput)
    .output(outputs.list)
    .query(({ ctx, input }) => entriesPage(ctx.db, input)),

  /** A draft, version 1; a slug made from the title when none is given. */
  create: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/entries', status: 201, body: 'json', answer: 'spread' },
    })
    .input(entryCreateInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) => createEntry(tx, ctx, input));
      return { entry: entryJson(row) };
    }),

  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/entries/:id', answer: 'spread' } })
    .input(entryIdInput)
    .output(outputs.get)
    .query(({ ctx, input }) => entryWithVersions(ctx.db, input.id)),

  /** A new version over `baseVersion`; 409 when another save came first. */
  save: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/entries/:id', body: 'json', answer: 'spread' },
    })
    .input(entrySaveInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, (tx) => saveEntry(tx, ctx, input));
      await writePublishedPage(ctx, row);
      return { entry: entryJson(row) };
    }),

  publish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/entries/:id/publish', answer: 'spread' },
    })
    .input(entryIdInput)
    .output(outputs.publish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'published')),

  unpublish: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/entries/:id/unpublish', answer: 'spread' },
    })
    .input(entryIdInput)
    .output(outputs.unpublish)
    .mutation(({ ctx, input }) => changeStatus(ctx, input.id, 'draft')),

  /**
   * GET /api/entries/:id/preview: the page as it would be published (docs/content.md, "The
   * entry pages"), draft or not, `noindex`, never kept. Answered as a "download" so the REST
   * adapter sends the HTML itself after the admin check and the id's.
   */
  preview: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/entries/:id/preview',
        download: true,
        // The editor shows it in a frame (docs/content.md, "The editor").
        framedBySameOrigin: true,
      },
    })
    .input(entryIdInput)
    .output(outputs.preview)
    .query(async ({ ctx, input }): Promise<FileDownload> => {
      const { entry } = await entryWithVersions(ctx.db, input.id);
      const frame = ctx.pageFrames ? await ctx.pageFrames.current() : await bareFrame(ctx);
      const html = await entryPageHtml(ctx.db, frame, entry, true);
      return {
        filename: `${entry.slug}.html`,
        open: async () =>
          new Response(html, {
            headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
          }),
      };
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/entries/:id', answer: 'success' } })
    .input(entryIdInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, (tx) => deleteEntry(tx, ctx, input.id));
      return { success: true };
    }),
});
