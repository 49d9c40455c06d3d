/**
 * `newsletters.sendTest`, `send` and `retry` (docs/api.md): a test copy sent while the
 * request waits, and the sends, which only queue recipients; newsletter-job.ts hands them to
 * the outbox in the background.
 */
import { TRPCError } from '@trpc/server';
import { count, eq, sql } from 'drizzle-orm';
import { writeBatch, writeTransaction, type Db } from '#db';
import { newsletters, subscribers } from '#db/schema';
import { NEWSLETTER_ADMIN_MESSAGES as M, newsletterTestInput } from '#shared/newsletter-admin';
import { idInput } from '#shared/validation';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { newsletterSubject } from '#server/audit/subjects';
import { UnavailableError } from '#server/platform/errors';
import { release, takeInBatch } from '#server/platform/throttle';
import { NEWSLETTER_TESTS } from './throttle-rules';
import { newsletterMail, unsubscribeLinks } from './compose';
import { wakeSenders } from '#server/mail/outbox/mail-loop';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { deliverNow } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import { outputs } from '#shared/shapes/newsletters';
import { requeueFailed } from './recipient-mail';
import { addressOf } from '#server/identity/administrators/addresses';
import { conflict, current, statusIn } from './newsletter-lookup';

/** Mail that cannot go now (the service down, refusing, or not configured): try later. */
const MAIL_RETRY_AFTER_SECONDS = 60;

/** One administrator's test copies (`NEWSLETTER_TESTS`). */
export const testsBucket = (userId: number) => `newsletter-tests:user:${userId}`;

/** What its audit entries name: the subject at the time of the send. */
async function auditSubjectOf(tx: Db, id: number) {
  const row = await tx
    .select({ id: newsletters.id, subject: newsletters.subject })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  return row ? newsletterSubject(row) : undefined;
}

/** The procedures that mail a newsletter, part of `newsletters.*` (newsletters-router.ts). */
export const newsletterSendingProcedures = {
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
};
