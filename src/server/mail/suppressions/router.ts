/**
 * The suppression list in the admin (docs/mail.md, "Suppression"; docs/api.md): read it,
 * add an address by hand, take one off. Bounces and complaints add to it on their own
 * (mail/suppressions/suppression.ts); newsletters and reminders ask it before each mail.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { suppressions } from '#db/schema';
import {
  addedByDetail,
  SUPPRESSION_MESSAGES,
  SUPPRESSIONS_PAGE_SIZE,
  suppressionAddInput,
  suppressionListInput,
  suppressionRemoveInput,
} from '#shared/suppressions';
import { router } from '#server/http/trpc';
import type { adminProcedure as identityAdminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import {
  auditTargetOf,
  suppressionJson,
  suppressionOfEmail,
  suppressionsPage,
} from './suppression-query';
import { outputs } from '#shared/shapes/suppressions';

/**
 * Identity's admin procedure, passed in by app/ (app-router.ts): the mail layer sits below
 * identity, which queues its mail here (docs/architecture.md, "The layers"), so it knows the
 * procedure by its type alone.
 */
type AdminProcedure = typeof identityAdminProcedure;

export const suppressionsRouter = (adminProcedure: AdminProcedure) =>
  router({
    /** 50 a page, newest first, searched by part of the address; a page past the end is empty. */
    list: adminProcedure
      .meta({
        rest: { method: 'GET', path: '/api/suppressions', query: ['q', 'page'], answer: 'spread' },
      })
      .input(suppressionListInput)
      .output(outputs.list)
      .query(async ({ ctx, input }) => {
        const { rows, total } = await suppressionsPage(ctx.db, input, SUPPRESSIONS_PAGE_SIZE);
        return { suppressions: rows.map(suppressionJson), total, page: input.page };
      }),

    /**
     * An address by hand: reason `manual`, the detail naming who added it, audited. An address
     * already on the list is answered as it is (201 too, `added: false`, no audit entry): its
     * first reason is the one worth keeping, and adding it again changes nothing.
     */
    add: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/api/suppressions',
          status: 201,
          body: 'json',
          answer: 'spread',
        },
      })
      .input(suppressionAddInput)
      .output(outputs.add)
      .mutation(async ({ ctx, input }) => {
        const now = ctx.clock.now();
        return writeTransaction(ctx.db, async (tx) => {
          const entry = { email: input.email, reason: 'manual' as const };
          const detail = addedByDetail(ctx.user.username);
          const added = await suppressAddress(tx, { ...entry, detail }, now);
          if (added) {
            await auditAdminChange(
              tx,
              ctx,
              'suppression_added',
              await auditTargetOf(tx, input.email),
            );
          }
          const row = await suppressionOfEmail(tx, input.email);
          // Just written or already there, in this transaction: never missing.
          if (!row) throw new Error('suppression vanished inside its own transaction');
          return { suppression: suppressionJson(row), added };
        });
      }),

    /** Mail goes to the address again; 404 for one not on the list. Audited. */
    remove: adminProcedure
      .meta({
        rest: { method: 'DELETE', path: '/api/suppressions/:email', answer: 'success' },
      })
      .input(suppressionRemoveInput)
      .output(outputs.remove)
      .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
        const removed = await writeTransaction(ctx.db, async (tx) => {
          const row = await tx
            .delete(suppressions)
            .where(eq(suppressions.email, input.email))
            .returning({ email: suppressions.email })
            .get();
          if (row) {
            await auditAdminChange(
              tx,
              ctx,
              'suppression_removed',
              await auditTargetOf(tx, row.email),
            );
          }
          return row;
        });
        if (!removed) {
          throw new TRPCError({ code: 'NOT_FOUND', message: SUPPRESSION_MESSAGES.notFound });
        }
        return { success: true };
      }),
  });
