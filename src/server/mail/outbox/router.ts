/**
 * The Mail screen (docs/mail.md): what waits in the outbox, what failed and with which error,
 * what went; and a failed mail sent again. Administrators only.
 */
import { TRPCError } from '@trpc/server';
import { router } from '#server/http/trpc';
import type { adminProcedure as identityAdminProcedure } from '#server/identity/sessions/admin-procedure';
import { wakeSenders } from './mail-loop';
import { OUTBOX_MESSAGES as M, outboxListInput } from '#shared/mail-outbox';
import { idInput } from '#shared/validation';
import { outboxPage } from './outbox-query';
import { retryMail } from './retry-mail';
import { outputs } from '#shared/shapes/outbox';

/**
 * Identity's admin procedure, passed in by app/ (app-router.ts): the mail layer sits below
 * identity, which queues its mail here (docs/architecture.md, "The layers"), so it knows the
 * procedure by its type alone.
 */
type AdminProcedure = typeof identityAdminProcedure;

export const outboxRouter = (adminProcedure: AdminProcedure) =>
  router({
    /** 50 a page; waiting in the order they will go, failed and sent the latest first. */
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/api/mail/outbox',
          query: ['status', 'page'],
          answer: 'spread',
        },
      })
      .input(outboxListInput)
      .output(outputs.list)
      .query(({ ctx, input }) => outboxPage(ctx.db, input.status, input.page)),

    /** A failed mail back in the queue, due now (202: the sender sends it). */
    retry: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/api/mail/outbox/:id/retry',
          status: 202,
          body: { fields: [] },
          answer: 'success',
        },
      })
      .input(idInput)
      .output(outputs.retry)
      .mutation(async ({ ctx, input }) => {
        const result = await retryMail(ctx.db, input.id, ctx.clock.now());
        if (result === 'unknown') throw new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
        if (result === 'not_failed')
          throw new TRPCError({ code: 'CONFLICT', message: M.notFailed });
        if (result === 'code_gone') throw new TRPCError({ code: 'CONFLICT', message: M.codeGone });
        if (result === 'erased') throw new TRPCError({ code: 'CONFLICT', message: M.erased });
        wakeSenders(ctx.db);
        return {};
      }),
  });
