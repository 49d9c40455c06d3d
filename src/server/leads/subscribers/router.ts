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
import { mailQueued } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import type { Context } from '#server/http/trpc';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { auditedDownload } from '#server/audit/download';
import { subscribersCsv } from '../exports';
import {
  countByStatus,
  serializeSubscriber,
  storedPendingCount,
  subscriberById,
  subscribersPage,
  totalOf,
} from './subscriber-query';
import { addAddresses, countResults, markResent, resentRecently } from './subscriber-tools';
import { queueConfirmations } from '#server/newsletter/confirmation-mail';
import { forgetSubscriberMail } from '#server/newsletter/forget-subscriber';
import { outputs } from '#shared/shapes/subscribers';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

/**
 * What a confirmation mail is signed with, read before the write that queues it (the
 * confirmations go through the outbox, docs/newsletter.md "Added by the owner").
 */
const siteOf = async (ctx: Context) => {
  const { name, address } = await mailSite(ctx);
  return { name, address };
};

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
   * One address by hand: pending with its confirmation written into the outbox, or
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
      const site = await siteOf(ctx);
      const added = await writeTransaction(ctx.db, async (tx) => {
        const { added } = await addAddresses(tx, [input.email], opts);
        const id = added[0]?.id;
        if (id === undefined) return null;
        if (!consent) await queueConfirmations(tx, added, site, opts.now);
        const target = `subscriber ${id}${consent ? ', consent given elsewhere stated' : ''}`;
        await auditAdminChange(tx, ctx, 'subscriber_added', target);
        return subscriberById(tx, id);
      });
      if (!added) {
        throw new TRPCError({ code: 'CONFLICT', message: SUBSCRIBER_TOOL_MESSAGES.exists });
      }
      if (!consent) void mailQueued(ctx);
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
      const site = await siteOf(ctx);
      const results = await writeTransaction(ctx.db, async (tx) => {
        const answer = await addAddresses(tx, input.emails, opts);
        if (!consent) await queueConfirmations(tx, answer.added, site, opts.now);
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
      if (!consent) void mailQueued(ctx);
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
      const site = await siteOf(ctx);
      await writeTransaction(ctx.db, async (tx) => {
        const row = await tx.select().from(subscribers).where(eq(subscribers.id, input.id)).get();
        if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: SUBSCRIBER_NOT_FOUND });
        if (row.status !== 'pending') {
          throw new TRPCError({ code: 'CONFLICT', message: SUBSCRIBER_TOOL_MESSAGES.notPending });
        }
        const queued = await markResent(tx, now, eq(subscribers.id, row.id));
        if (queued.length === 0 && row.confirmationResentAt) {
          const wait = resentRecently(row.confirmationResentAt, now);
          throw new ThrottledError(wait.message, wait.seconds);
        }
        await queueConfirmations(tx, queued, site, now);
        await auditAdminChange(tx, ctx, 'subscriber_confirmation_resent', `subscriber ${row.id}`);
      });
      void mailQueued(ctx);
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
      const site = await siteOf(ctx);
      const { queued, pending } = await writeTransaction(ctx.db, async (tx) => {
        const rows = await markResent(tx, now);
        await queueConfirmations(tx, rows, site, now);
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
      if (queued > 0) void mailQueued(ctx);
      return { queued, heldBack: pending - queued };
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/subscribers/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, async (tx) => {
        await forgetSubscriberMail(tx, eq(subscribers.id, input.id));
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
