/**
 * `engagementFiles.*`: the owner's side of an engagement's files (docs/engagements.md,
 * "Files"): the list, and a file deleted (audited). The upload streams its body and so is a
 * route of its own (admin-routes.ts), not a procedure: procedures get their input parsed whole.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { auditAdminChange } from '#server/audit/admin-change';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { ENGAGEMENT_FILE_MESSAGES } from '#shared/engagements/file-rules';
import { engagementFilesOutputs as outputs } from '#shared/shapes/engagement-files';
import { idField } from '#shared/validation';
import { engagementRefOfId } from '../engagement-store';
import { filesOfEngagement } from './file-list';
import { deleteFile } from './file-store';

export const engagementFilesRouter = router({
  list: adminProcedure
    .input(z.object({ id: idField }))
    .output(outputs.list)
    .query(async ({ ctx, input }) => {
      const engagement = await engagementRefOfId(ctx.db, input.id);
      return { files: await filesOfEngagement(ctx.db, engagement.id) };
    }),

  remove: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/engagements/:id/files/:fileId', answer: 'success' },
    })
    .input(z.object({ id: idField, fileId: idField }))
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const engagement = await engagementRefOfId(ctx.db, input.id);
      await writeTransaction(ctx.db, async (tx) => {
        const name = await deleteFile(tx, engagement.id, input.fileId);
        if (name === null) {
          throw new TRPCError({ code: 'NOT_FOUND', message: ENGAGEMENT_FILE_MESSAGES.notFound });
        }
        await auditAdminChange(
          tx,
          ctx,
          'engagement_file_deleted',
          `engagement ${engagement.id}: ${name}`,
        );
      });
      return { success: true };
    }),
});
