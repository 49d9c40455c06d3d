import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { newsletterRecipients, subscribers } from '#db/schema';
import { SUBSCRIBERS_PAGE_SIZE, subscriberFilterInput, subscriberListInput } from '#shared/leads';
import {
  SUBSCRIBER_TOOL_MESSAGES,
  subscriberAddInput,
  subscriberImportInput,
} from '#shared/subscriber-tools';
import { ThrottledError } from '#server/platform/errors';
import { wakeSenders } from '#server/platform/mail-loop';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/platform/audit/admin-change';
import { auditedDownload } from '#server/audit/download';
import { subscribersCsv } from './exports';
import {
  countByStatus,
  serializeSubscriber,
  storedPendingCount,
  subscriberById,
  subscribersPage,
  totalOf,
} from './subscriber-query';
import { addAddresses, countResults, queueResend, resentRecently } from './subscriber-tools';
import { outputs } from './subscribers-router-outputs';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

export const subscribersRouter = router({
  /**
   * 50 a page, newest first, of one status or all, searched by part of the address; `counts`
   * has every status of the search's matches whatever the status filter (the screen's
   * tabs). A page past the end is empty, not an error.
   */
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/subscribers',
        query: ['page', 'status', 'q'],
        answer: 'spread',
      },
    })
    .input(subscriberListInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => {
      const rows = await subscribersPage(ctx.db, input, input.page, SUBSCRIBERS_PAGE_SIZE);
      const counts = await countByStatus(ctx.db, input.q);
      return {
        subscribers: rows.map(serializeSubscriber),
        total: totalOf(counts, input),
        counts,
        page: input.page,
        pageSize: SUBSCRIBERS_PAGE_SIZE,
      };
    }),

  /**
   * One address by hand: pending with its confirmation queued for the background sender, or
   * confirmed at once when the owner states the person consented elsewhere (audited so).
   */
  add: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/subscribers',
        status: 201,
        body: 'json',
        answer: { key: 'subscriber' },
      },
    })
    .input(subscriberAddInput)
    .output(outputs.add)
    .mutation(async ({ ctx, input }) => {
      const consent = input.consent === true;
      const opts = { now: ctx.clock.now(), secret: ctx.config.sessionSecret, consent };
      const added = await writeTransaction(ctx.db, async (tx) => {
        const { addedIds } = await addAddresses(tx, [input.email], opts);
        const id = addedIds[0];
        if (id === undefined) return null;
        const target = `subscriber ${id}${consent ? ', consent given elsewhere stated' : ''}`;
        await auditAdminChange(tx, ctx, 'subscriber_added', target);
        return subscriberById(tx, id);
      });
      if (!added) {
        throw new TRPCError({ code: 'CONFLICT', message: SUBSCRIBER_TOOL_MESSAGES.exists });
      }
      if (!consent) wakeSenders(ctx.db);
      return added;
    }),

  /**
   * One part of a CSV import (the browser parses the file and sends it in parts under the
   * body limit): each cell answered in order, added, already there or invalid with its
   * reason; one audit entry a part with its counts.
   */
  import: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/subscribers/import', body: 'json' } })
    .input(subscriberImportInput)
    .output(outputs.import)
    .mutation(async ({ ctx, input }) => {
      const consent = input.consent === true;
      const opts = { now: ctx.clock.now(), secret: ctx.config.sessionSecret, consent };
      const results = await writeTransaction(ctx.db, async (tx) => {
        const answer = await addAddresses(tx, input.emails, opts);
        const n = countResults(answer.results);
        const stated = consent ? `; consent given elsewhere stated for ${n.added}` : '';
        await auditAdminChange(
          tx,
          ctx,
          'subscribers_imported',
          `${n.added} added, ${n.exists} already there, ${n.invalid} invalid${stated}`,
        );
        return answer.results;
      });
      if (!consent) wakeSenders(ctx.db);
      return { success: true as const, ...countResults(results), results };
    }),

  /**
   * Queues one pending address's confirmation mail again; at most one resend in 24 hours
   * (429 with the wait), never for an address that confirmed or unsubscribed (409).
   */
  resend: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/subscribers/:id/confirmation', answer: 'success' },
    })
    .input(idInput)
    .output(outputs.resend)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      await writeTransaction(ctx.db, async (tx) => {
        const row = await tx.select().from(subscribers).where(eq(subscribers.id, input.id)).get();
        if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: SUBSCRIBER_NOT_FOUND });
        if (row.status !== 'pending') {
          throw new TRPCError({ code: 'CONFLICT', message: SUBSCRIBER_TOOL_MESSAGES.notPending });
        }
        const queued = await queueResend(tx, now, eq(subscribers.id, row.id));
        if (queued.length === 0 && row.confirmationResentAt) {
          const wait = resentRecently(row.confirmationResentAt, now);
          throw new ThrottledError(wait.message, wait.seconds);
        }
        await auditAdminChange(tx, ctx, 'subscriber_confirmation_resent', `subscriber ${row.id}`);
      });
      wakeSenders(ctx.db);
      return { success: true };
    }),

  /**
   * Queues the confirmation of every pending address not resent in the last 24 hours;
   * answers how many were queued and how many the rule held back.
   */
  resendAll: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/subscribers/confirmations', answer: 'spread' } })
    .output(outputs.resendAll)
    .mutation(async ({ ctx }) => {
      const now = ctx.clock.now();
      const { queued, pending } = await writeTransaction(ctx.db, async (tx) => {
        const rows = await queueResend(tx, now);
        const pending = await storedPendingCount(tx);
        if (rows.length > 0) {
          await auditAdminChange(
            tx,
            ctx,
            'subscriber_confirmation_resent',
            `${rows.length} pending ${rows.length === 1 ? 'address' : 'addresses'}`,
          );
        }
        return { queued: rows.length, pending };
      });
      if (queued > 0) wakeSenders(ctx.db);
      return { queued, heldBack: pending - queued };
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/subscribers/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
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

  /** GET /api/subscribers.csv: every subscriber of the search and status filter (a download). */
  exportCsv: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/subscribers.csv',
        query: ['status', 'q'],
        download: true,
      },
    })
    .input(subscriberFilterInput)
    .output(outputs.exportCsv)
    .query(({ ctx, input }) =>
      auditedDownload(ctx, 'subscribers', input, (now) => subscribersCsv(ctx.db, input, now)),
    ),
});
