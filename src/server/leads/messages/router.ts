import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { contacts } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { MESSAGES_PAGE_SIZE, messageFilterInput, messageListInput } from '#shared/leads';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { auditedDownload } from '#server/audit/download';
import { messagesCsv } from '../exports';
import { countMessages, countUnread, messagesPage, serializeMessage } from './message-query';
import { outputs } from '#shared/shapes/messages';

export const MESSAGE_NOT_FOUND = 'Message not found';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });

export const messagesRouter = router({
  /** 25 a page, newest first; a page past the end is empty, not an error. */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/messages',
        query: ['page', 'q', 'subject'],
        answer: 'spread',
      },
    })
    .input(messageListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => ({
      messages: (await messagesPage(ctx.db, input, input.page, MESSAGES_PAGE_SIZE)).map(
        serializeMessage,
      ),
      total: await countMessages(ctx.db, input),
      unread: await countUnread(ctx.db),
      page: input.page,
      pageSize: MESSAGES_PAGE_SIZE,
    })),

  /** The admin header's badge: cheaper than a list page, asked on every admin screen. */
  unreadCount: adminProcedure
    .output(outputs.unreadCount)
    .query(async ({ ctx }): Promise<{ unread: number }> => ({
      unread: await countUnread(ctx.db),
    })),

  byId: adminProcedure
    .input(idInput)
    .output(outputs.byId)
    .query(async ({ ctx, input }) => {
      const row = await ctx.db.select().from(contacts).where(eq(contacts.id, input.id)).get();
      if (!row) throw notFound();
      return serializeMessage(row);
    }),

  /** Read keeps the first time it was read; unread clears it. */
  setRead: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/messages/:id',
        body: { fields: ['read'] },
        answer: { key: 'message' },
      },
    })
    .input(z.extend(idInput, { read: z.boolean(MESSAGES.read) }))
    .output(outputs.setRead)
    .mutation(async ({ ctx, input }) => {
      const row = await writeTransaction(ctx.db, async (tx) => {
        const current = await tx.select().from(contacts).where(eq(contacts.id, input.id)).get();
        if (!current) return undefined;
        const readAt = input.read ? (current.readAt ?? ctx.clock.now()) : null;
        if (readAt === current.readAt) return current;
        return tx
          .update(contacts)
          .set({ readAt })
          .where(eq(contacts.id, input.id))
          .returning()
          .get();
      });
      if (!row) throw notFound();
      return serializeMessage(row);
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/messages/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, async (tx) => {
        const row = await tx
          .delete(contacts)
          .where(eq(contacts.id, input.id))
          .returning({ id: contacts.id })
          .get();
        // Named by id only: the audit log keeps no visitor's personal data.
        if (row) await auditAdminChange(tx, ctx, 'message_deleted', `message ${row.id}`);
        return row;
      });
      if (!removed) throw notFound();
      return { success: true };
    }),

  /** GET /api/messages.csv: every match of the search and subject, not one page (a download). */
  exportCsv: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/messages.csv', query: ['q', 'subject'], download: true },
    })
    .input(messageFilterInput)
    .output(outputs.exportCsv)
    .query(({ ctx, input }) =>
      auditedDownload(ctx, 'messages', input, (now) => messagesCsv(ctx.db, input, now)),
    ),
});
