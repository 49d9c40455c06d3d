import { TRPCError } from '@trpc/server';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '#db';
import { writeNamedBatch } from '#db/named-batch';
import { insertWhere } from '#db/insert-where';
import { subscriberConfirmations, subscribers } from '#db/schema';
import { NEWSLETTER_MESSAGES, subscribeInput, tokenInput } from '#shared/newsletter';
import { addressBucket } from '#server/platform/throttle-buckets';
import { batchStatements, takeInBatch } from '#server/platform/throttle';
import { SUBSCRIBE_SUBMISSIONS } from './throttle-rules';
import { publicProcedure, router } from '#server/http/trpc';
import { honeypotFirst, throttleOutranksInput } from '#server/http/public-form';
import type { Context } from '#server/http/trpc';
import { recordConversion, visitCredit } from '#server/analytics/record';
import { lookedUpToken } from '#server/platform/link-misses';
import { dropQueuedConfirmations, sendConfirmation } from './confirmation-mail';
import { dropQueuedNewsletterMail } from './recipient-mail';
import { NOT_CONFIRMED } from './recipient-queue';
import { sequenceExitUnlessSet } from '#server/newsletter/sequence/sequence-exit';
import { CONFIRMATION_TTL_MS, newConfirmationToken, tokenHash, unsubscribeToken } from './tokens';
import { outputs } from '#shared/shapes/newsletter';
import { daysBefore } from '#shared/calendar-days';

const subscribeBucket = (ctx: Context) =>
  addressBucket(SUBSCRIBE_SUBMISSIONS.kind, ctx.config.sessionSecret, ctx.req.ip);

/** At most this many confirmation mails per address in 24 hours: the form is no mail bomb. */
export const CONFIRMATIONS_PER_DAY = 3;

const PENDING = sql`'pending'`;

/**
 * One batch: the throttle's event; the address stored as pending, or an unsubscribed one made
 * pending again (a confirmed or pending one keeps its state); then a confirmation row, only
 * while the address is pending and has had fewer than 3 in 24 hours. The confirmation's
 * RETURNING says whether a mail goes.
 */
const storeSubscription = batchStatements(
  ['email', 'now', 'unsubscribeHash', 'confirmationHash', 'expiresAt', 'dayAgo'],
  (db, counted, v) => {
    const at = (value: typeof v.now) => sql.param(value, subscriberConfirmations.createdAt);
    const stored = insertWhere(
      db,
      subscribers,
      {
        email: v.email,
        createdAt: v.now,
        status: 'pending',
        unsubscribeTokenHash: v.unsubscribeHash,
      },
      counted,
    ).onConflictDoUpdate({
      // The unique index is on lower(email): its expression is the conflict target.
      target: sql`lower(${sql.identifier('email')})`,
      set: {
        status: sql`case when ${subscribers.status} = 'unsubscribed' then ${PENDING} else ${subscribers.status} end`,
        confirmedAt: sql`case when ${subscribers.status} = 'unsubscribed' then null else ${subscribers.confirmedAt} end`,
        unsubscribedAt: sql`null`,
        // The current SESSION_SECRET's, as every send stores it (docs/decisions/0026).
        unsubscribeTokenHash: sql`excluded.unsubscribe_token_hash`,
      },
    });
    const sentToday = db
      .select({ n: sql`count(*)` })
      .from(subscriberConfirmations)
      .where(
        and(
          eq(subscriberConfirmations.subscriberId, subscribers.id),
          gt(subscriberConfirmations.createdAt, at(v.dayAgo)),
        ),
      );
    const confirmation = db
      .insert(subscriberConfirmations)
      .select(
        db
          .select({
            tokenHash: sql`${v.confirmationHash}`.as('token_hash'),
            subscriberId: subscribers.id,
            createdAt: sql`${at(v.now)}`.as('created_at'),
            expiresAt: sql`${at(v.expiresAt)}`.as('expires_at'),
          })
          .from(subscribers)
          .where(
            and(
              // changes(): the statement before stored or updated the address.
              sql`changes() > 0`,
              sql`lower(${subscribers.email}) = lower(${v.email})`,
              eq(subscribers.status, 'pending'),
              sql`(${sentToday}) < ${CONFIRMATIONS_PER_DAY}`,
            ),
          ),
      )
      .returning({ tokenHash: subscriberConfirmations.tokenHash });
    return { stored: stored.toSQL(), confirmation: confirmation.toSQL() };
  },
);

/** The address a live (unexpired) confirmation link names, by the token's hash. */
const liveConfirmation = (db: Db, hash: string, now: Date) =>
  db
    .select({ id: subscriberConfirmations.subscriberId })
    .from(subscriberConfirmations)
    .where(
      and(eq(subscriberConfirmations.tokenHash, hash), gt(subscriberConfirmations.expiresAt, now)),
    );

/** An address by its unsubscribe link's hash (the link never expires). */
const byUnsubscribeHash = (hash: string) => eq(subscribers.unsubscribeTokenHash, hash);

/** The address a link names, with its state, looked up as every link is. */
const subscriberOfLink = (ctx: Context, token: string, which: (hash: string) => SQL) =>
  lookedUpToken(ctx, token, async (hash) =>
    ctx.db
      .select({ id: subscribers.id, status: subscribers.status })
      .from(subscribers)
      .where(which(hash))
      .get(),
  );

const notFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: NEWSLETTER_MESSAGES.invalidLink });

export const linkStateInput = z.object({
  ...tokenInput.shape,
  kind: z.enum(['confirm', 'unsubscribe']),
});

export const newsletterRouter = router({
  /**
   * Answers the same whatever the address's state, and sends its mail after answering, so
   * neither the answer nor its timing tells who is on the list (docs/newsletter.md).
   */
  subscribe: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/subscribe', status: 201, body: 'json' } })
    .use(honeypotFirst({ success: true }))
    .use(throttleOutranksInput(subscribeBucket, SUBSCRIBE_SUBMISSIONS))
    .input(subscribeInput)
    .output(outputs.subscribe)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      const token = newConfirmationToken();
      const values = {
        email: input.email,
        now,
        unsubscribeHash: tokenHash(unsubscribeToken(ctx.config.sessionSecret, input.email)),
        confirmationHash: tokenHash(token),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
        dayAgo: daysBefore(now, 1),
      };
      const { rows } = await takeInBatch(
        ctx.db,
        { bucket: subscribeBucket(ctx), rule: SUBSCRIBE_SUBMISSIONS },
        now,
        { statements: storeSubscription, values },
      );
      // Stored before any mail is tried: with mail down the address stays pending, and
      // subscribing again sends a new link.
      if (rows.confirmation.length > 0) sendConfirmation(ctx, input.email, token);
      // Every accepted sign-up is a conversion, whether or not the address confirms later.
      recordConversion(ctx, 'subscription', await visitCredit(ctx));
      return { success: true };
    }),

  /**
   * Follows a confirmation link: idempotent while the link is valid (7 days). The link is
   * read first: an unknown or expired one is answered 404 without a write, and counts
   * against the address (platform/link-misses.ts); one already confirmed is answered without one.
   */
  confirm: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/newsletter/confirm', body: 'json' } })
    .input(tokenInput)
    .output(outputs.confirm)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      const current = await subscriberOfLink(
        ctx,
        input.token,
        (hash) => sql`${subscribers.id} in ${liveConfirmation(ctx.db, hash, now)}`,
      );
      if (!current) throw notFound();
      if (current.status !== 'pending') return { success: true };
      // The write finds the link again by its token: it may have gone since the read.
      const link = liveConfirmation(ctx.db, tokenHash(input.token), now);
      const { subscriber } = await writeNamedBatch(ctx.db, {
        confirmed: ctx.db
          .update(subscribers)
          .set({ status: 'confirmed', confirmedAt: now })
          .where(and(sql`${subscribers.id} in ${link}`, eq(subscribers.status, 'pending')))
          .toSQL(),
        subscriber: link.toSQL(),
      });
      if (subscriber.length === 0) throw notFound();
      ctx.logger.info('newsletter.confirmed', { subscriberId: Number(subscriber[0]?.[0]) });
      return { success: true };
    }),

  /**
   * Follows an unsubscribe link (or a mail program's one-click POST): idempotent, and the
   * token never expires. Pending confirmation links die with it, so an old confirmation
   * mail cannot bring the address back. Read first, as `confirm`: an unknown token is a 404
   * without a write, counted against the address; an address already off the list is
   * answered without one.
   */
  unsubscribe: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletter/unsubscribe',
        body: 'json',
        form: { fields: { 'List-Unsubscribe': 'One-Click' }, query: ['token'] },
      },
    })
    .input(tokenInput)
    .output(outputs.unsubscribe)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      const current = await subscriberOfLink(ctx, input.token, byUnsubscribeHash);
      if (!current) throw notFound();
      if (current.status === 'unsubscribed') return { success: true };
      // The writes find the address again by its token, as the read did.
      const byToken = byUnsubscribeHash(tokenHash(input.token));
      const { subscriber } = await writeNamedBatch(ctx.db, {
        unsubscribed: ctx.db
          .update(subscribers)
          // The welcome sequence stops for good: subscribing again does not restart it.
          .set({
            status: 'unsubscribed',
            unsubscribedAt: now,
            sequenceExited: sequenceExitUnlessSet('unsubscribed'),
          })
          .where(and(byToken, sql`${subscribers.status} <> 'unsubscribed'`))
          .toSQL(),
        // Mail still waiting for the address does not go: an owner-queued confirmation, a
        // newsletter's (docs/newsletter.md).
        queuedConfirmations: dropQueuedConfirmations(ctx.db, byToken).toSQL(),
        queuedNewsletters: dropQueuedNewsletterMail(ctx.db, byToken, NOT_CONFIRMED).map((q) =>
          q.toSQL(),
        ),
        confirmationLinks: ctx.db
          .delete(subscriberConfirmations)
          .where(
            sql`${subscriberConfirmations.subscriberId} in ${ctx.db
              .select({ id: subscribers.id })
              .from(subscribers)
              .where(byToken)}`,
          )
          .toSQL(),
        subscriber: ctx.db.select({ id: subscribers.id }).from(subscribers).where(byToken).toSQL(),
      });
      if (subscriber.length === 0) throw notFound();
      ctx.logger.info('newsletter.unsubscribed', { subscriberId: Number(subscriber[0]?.[0]) });
      return { success: true };
    }),

  /**
   * Whether a link would work, read only: the pages a link opens show their button or say
   * that the link is invalid, without changing anything (mail scanners follow links).
   */
  linkState: publicProcedure
    .input(linkStateInput)
    .output(outputs.linkState)
    .query(async ({ ctx, input }): Promise<'valid' | 'invalid'> => {
      // Counted as the POSTs are: a prober must not learn valid from invalid here unthrottled.
      const row = await lookedUpToken(ctx, input.token, async (hash) =>
        input.kind === 'confirm'
          ? liveConfirmation(ctx.db, hash, ctx.clock.now()).get()
          : ctx.db
              .select({ id: subscribers.id })
              .from(subscribers)
              .where(byUnsubscribeHash(hash))
              .get(),
      );
      return row ? 'valid' : 'invalid';
    }),
});
