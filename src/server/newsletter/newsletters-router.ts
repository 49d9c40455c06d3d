/**
 * `newsletters.*`: the administrators' drafts, test copies and sends (docs/api.md). Sending
 * itself happens in the background (newsletter-job.ts hands recipients to the outbox);
 * `send` and `retry` only queue recipients.
 */
import { TRPCError } from '@trpc/server';
import { count, eq, sql } from 'drizzle-orm';
import { writeBatch, writeTransaction, type Db } from '#db';
import { newsletters, subscribers } from '#db/schema';
import { newsletterInput } from '#shared/newsletter';
import {
  NEWSLETTER_ADMIN_MESSAGES as M,
  newsletterFromEntryInput,
  newsletterTestInput,
  newsletterUpdateInput,
} from '#shared/newsletter-admin';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { newsletterSubject } from '#server/audit/subjects';
import { UnavailableError } from '#server/platform/errors';
import { release, takeInBatch } from '#server/platform/throttle';
import { NEWSLETTER_TESTS } from './throttle-rules';
import { newsletterMail, unsubscribeLinks } from './compose';
import { listNewsletters, newsletterById, type Newsletter } from './newsletter-query';
import { wakeSenders } from '#server/mail/outbox/mail-loop';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { deliverNow } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/platform/site-brand';
import { pagesOrigin, siteSettings } from '#server/platform/site-settings';
import { entryDraft, publishedEntryFacts } from './entry-draft';
import { aiEntryDraft } from './entry-draft-ai';
import { takeDraftPlace } from '#server/ai/drafts';
import { outputs } from '#shared/shapes/newsletters';
import { requeueFailed } from './recipient-mail';
import { addressOf } from '#server/identity/administrators/addresses';

/** Mail that cannot go now (the service down, refusing, or not configured): try later. */
const MAIL_RETRY_AFTER_SECONDS = 60;

/** One administrator's test copies (`NEWSLETTER_TESTS`). */
export const testsBucket = (userId: number) => `newsletter-tests:user:${userId}`;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** The newsletter as it is now; one that vanished meanwhile is a 404 too. */
async function current(db: Db, id: number): Promise<Newsletter> {
  const newsletter = await newsletterById(db, id);
  if (!newsletter) throw notFound();
  return newsletter;
}

/** Inside a write transaction: the row's status, or 404. */
async function statusIn(tx: Db, id: number) {
  const row = await tx
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  if (!row) throw notFound();
  return row.status;
}

/** What its audit entries name: the subject at the time of the send. */
async function auditSubjectOf(tx: Db, id: number) {
  const row = await tx
    .select({ id: newsletters.id, subject: newsletters.subject })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  return row ? newsletterSubject(row) : undefined;
}

export const newslettersRouter = router({
  /** Every newsletter, newest first, each with its live counts. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletters', answer: { key: 'newsletters' } } })
    .output(outputs.list)
    .query(({ ctx }) => listNewsletters(ctx.db)),

  byId: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletters/:id', answer: { key: 'newsletter' } } })
    .input(idInput)
    .output(outputs.byId)
    .query(({ ctx, input }) => current(ctx.db, input.id)),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters',
        status: 201,
        body: 'json',
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const row = await writeTransaction(ctx.db, (tx) =>
        tx
          .insert(newsletters)
          .values({ subject: input.subject, body: input.body, createdAt: now, updatedAt: now })
          .returning({ id: newsletters.id })
          .get(),
      );
      return current(ctx.db, row.id);
    }),

  /**
   * A draft made from a published entry in one press (entry-draft.ts): written, never sent.
   * With `ai: true` the model writes its subject and text (entry-draft-ai.ts): 429 for this
   * administrator's drafts first, then the entry's 404, then 409 without AI_PROVIDER, 429
   * past the month's tokens, 503 when the provider fails or its answer is no draft; the draft
   * is written only after the model answered. Not audited, as no draft's creation is: the
   * send is.
   */
  fromEntry: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters/draft',
        status: 201,
        body: 'json',
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterFromEntryInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      if (input.ai) await takeDraftPlace(ctx, ctx.user.id);
      const entry = await publishedEntryFacts(ctx.db, input.entryId);
      const origin = pagesOrigin(await siteSettings(ctx));
      const draft = input.ai ? await aiEntryDraft(ctx, entry, origin) : entryDraft(entry, origin);
      const now = ctx.clock.now();
      const row = await writeTransaction(ctx.db, (tx) =>
        tx
          .insert(newsletters)
          .values({ ...draft, createdAt: now, updatedAt: now })
          .returning({ id: newsletters.id })
          .get(),
      );
      return current(ctx.db, row.id);
    }),

  /** A draft only: what was sent stays as it was sent. */
  update: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/newsletters/:id',
        body: { into: 'data' },
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterUpdateInput)
    .output(outputs.update)
    .mutation(async ({ ctx, input }) => {
      const { id, data } = input;
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, id)) !== 'draft') throw conflict(M.notDraft);
        // Drizzle skips undefined keys; an empty patch changes nothing, not even updatedAt.
        if (data.subject === undefined && data.body === undefined) return;
        await tx
          .update(newsletters)
          .set({ ...data, updatedAt: ctx.clock.now() })
          .where(eq(newsletters.id, id));
      });
      return current(ctx.db, id);
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/newsletters/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, input.id)) !== 'draft') throw conflict(M.notDraft);
        await tx.delete(newsletters).where(eq(newsletters.id, input.id));
      });
      return { success: true };
    }),

  /**
   * One copy, subject prefixed `[Test] `, to the given address or else the administrator's
   * own; whatever the newsletter's status. Sent while the request waits, so the answer says
   * whether it went. At most 10 an hour per administrator (the place is taken in the write
   * that checks it, and given back when the copy could not be sent); each copy sent is
   * recorded in the audit log.
   */
  sendTest: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters/:id/test',
        body: { fields: ['email'] },
        answer: 'success',
      },
    })
    .input(newsletterTestInput)
    .output(outputs.sendTest)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      // The place first: a spent cap answers 429 before anything else the call could fail on
      // (docs/api.md's order); every failure below gives it back.
      const { ids: reserved } = await takeInBatch(
        ctx.db,
        { bucket: testsBucket(ctx.user.id), rule: NEWSLETTER_TESTS },
        ctx.clock.now(),
      );
      const giveBack = () => writeBatch(ctx.db, [release(ctx.db, reserved).toSQL()]);
      let sent: { to: string; newsletter: { id: number; subject: string } };
      try {
        const to = input.email ?? (await addressOf(ctx.db, ctx.user.id));
        if (!to) throw new TRPCError({ code: 'BAD_REQUEST', message: M.noTestAddress });
        const newsletter = await current(ctx.db, input.id);
        if (!ctx.mailer.canDeliver) {
          throw new UnavailableError(M.mailUnavailable, MAIL_RETRY_AFTER_SECONDS);
        }
        const { name, address } = await mailSite(ctx);
        const mail = newsletterMail(
          to,
          newsletter,
          unsubscribeLinks(address, ctx.config.sessionSecret, to),
          { name, url: address, replyTo: ctx.config.replyTo },
          '[Test] ',
        );
        // Through the outbox (docs/mail.md) as one person's mail, sent by this request: the
        // administrator waits to know whether it went.
        const mailId = await writeTransaction(ctx.db, (tx) =>
          queueMail(tx, { kind: 'notice', message: mail }, ctx.clock.now()),
        );
        if ((await deliverNow(ctx, mailId)) === 'failed') {
          ctx.logger.error('newsletter.test_failed', {
            requestId: ctx.req.requestId,
            newsletterId: newsletter.id,
            mailId,
          });
          throw new UnavailableError(M.testFailed, MAIL_RETRY_AFTER_SECONDS);
        }
        sent = { to, newsletter };
      } catch (error) {
        // Nothing was sent: the place is given back.
        await giveBack();
        throw error;
      }
      const { to, newsletter } = sent;
      await writeTransaction(ctx.db, (tx) =>
        auditAdminChange(
          tx,
          ctx,
          'newsletter_test_sent',
          `newsletter ${newsletter.id} to ${to}`,
          newsletterSubject(newsletter),
        ),
      );
      ctx.logger.info('newsletter.test_sent', { newsletterId: newsletter.id });
      return { success: true };
    }),

  /**
   * Queues the newsletter for every subscriber confirmed at this moment: the recipients are
   * written in the transaction that makes it `sending`, so the list is exactly the confirmed
   * addresses at one instant, and a draft is never sent twice.
   */
  send: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters/:id/send',
        status: 202,
        body: { fields: [] },
        answer: { key: 'newsletter' },
      },
    })
    .input(idInput)
    .output(outputs.send)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, input.id)) !== 'draft') throw conflict(M.notDraft);
        // Production without SMTP_URL: nothing could leave, so nothing is queued.
        if (!ctx.mailer.canDeliver) {
          throw new UnavailableError(M.mailUnavailable, MAIL_RETRY_AFTER_SECONDS);
        }
        const confirmed = await tx
          .select({ n: count() })
          .from(subscribers)
          .where(eq(subscribers.status, 'confirmed'))
          .get();
        if (!confirmed?.n) throw conflict(M.nobodyConfirmed);
        // One statement, however many subscribers: nothing is read into memory.
        await tx.run(sql`
        insert into newsletter_recipients
          (newsletter_id, subscriber_id, email, status, attempts, next_attempt_at)
        select ${input.id}, id, email, 'queued', 0, ${now.getTime()}
        from subscribers where status = 'confirmed'`);
        await tx.update(newsletters).set({ status: 'sending' }).where(eq(newsletters.id, input.id));
        await auditAdminChange(
          tx,
          ctx,
          'newsletter_sent',
          `newsletter ${input.id}`,
          await auditSubjectOf(tx, input.id),
        );
      });
      ctx.logger.info('newsletter.sending', { newsletterId: input.id });
      wakeSenders(ctx.db);
      return current(ctx.db, input.id);
    }),

  /**
   * Sends again to the recipients whose mail failed, and only to them: back to the queue to
   * be handed over again, with their tries counted from zero (recipient-mail.ts). The administrator's choice, since a recipient whose send
   * was interrupted may have received the mail already.
   */
  retry: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters/:id/retry',
        status: 202,
        body: { fields: [] },
        answer: { key: 'newsletter' },
      },
    })
    .input(idInput)
    .output(outputs.retry)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, input.id)) === 'draft') throw conflict(M.draft);
        const requeued = await requeueFailed(tx, input.id, now);
        if (requeued === 0) throw conflict(M.nothingFailed);
        // Mails subscribers again: a send, as far as the log is concerned.
        await auditAdminChange(
          tx,
          ctx,
          'newsletter_sent',
          `newsletter ${input.id} (retry of ${requeued} failed)`,
          await auditSubjectOf(tx, input.id),
        );
        await tx
          .update(newsletters)
          .set({ status: 'sending', sentAt: null })
          .where(eq(newsletters.id, input.id));
      });
      ctx.logger.info('newsletter.retrying', { newsletterId: input.id });
      wakeSenders(ctx.db);
      return current(ctx.db, input.id);
    }),
});
