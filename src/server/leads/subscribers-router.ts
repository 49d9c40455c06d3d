import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { newsletterRecipients, subscribers } from '#db/schema';
import { SUBSCRIBERS_PAGE_SIZE, subscriberFilterInput, subscriberListInput } from '#shared/leads';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { auditedDownload } from '#server/audit/download';
import { subscribersCsv } from './exports';
import { countByStatus, serializeSubscriber, subscribersPage, totalOf } from './subscriber-query';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

export const subscribersRouter = router({
  /**
   * 50 a page, newest first, of one status or all; `counts` has every status whatever the
   * filter (the screen's tabs show them). A page past the end is empty, not an error.
   */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/subscribers',
        query: ['page', 'status'],
        answer: 'spread',
      },
    })
    .input(subscriberListInput)
    .query(async ({ ctx, input }) => {
      const rows = await subscribersPage(ctx.db, input, input.page, SUBSCRIBERS_PAGE_SIZE);
      const counts = await countByStatus(ctx.db);
      return {
        subscribers: rows.map(serializeSubscriber),
        total: totalOf(counts, input),
        counts,
        page: input.page,
        pageSize: SUBSCRIBERS_PAGE_SIZE,
      };
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/subscribers/:id', answer: 'success' } })
    .input(idInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, async (tx) => {
        const row = await tx
          .delete(subscribers)
          .where(eq(subscribers.id, input.id))
          .returning({ id: subscribers.id })
          .get();
        // Removing an address removes it everywhere: the newsletters' records of who got
        // what keep their counts, not the address (nor an SMTP reply that may quote it).
        if (row) {
          await tx
            .update(newsletterRecipients)
            .set({ email: '', lastError: null })
            .where(eq(newsletterRecipients.subscriberId, row.id));
          await auditAdminChange(tx, ctx, 'subscriber_removed', `subscriber ${row.id}`);
        }
        return row;
      });
      if (!removed) {
        throw new TRPCError({ code: 'NOT_FOUND', message: SUBSCRIBER_NOT_FOUND });
      }
      return { success: true };
    }),

  /** GET /api/subscribers.csv: every subscriber of the status filter (a download). */
  exportCsv: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/subscribers.csv', query: ['status'], download: true },
    })
    .input(subscriberFilterInput)
    .query(({ ctx, input }) =>
      auditedDownload(ctx, 'subscribers', input, (now) => subscribersCsv(ctx.db, input, now)),
    ),
});
