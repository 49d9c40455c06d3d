import { writeTransaction } from '../../../db';
import { subscribers } from '../../../db/schema';
import { subscribeInput } from '../../shared/newsletter';
import { throttleAddress } from '../platform/address';
import { assertAllowed, recordEvent, type ThrottleRule } from '../platform/throttle';
import { publicProcedure, router } from '../http/trpc';
import { honeypotFirst, throttleFirst } from '../http/public-form';
import type { Context } from '../http/trpc';

const THROTTLED = 'Too many sign-ups from your address.';

/** At most 5 new subscriptions per address (an IPv6 /64) in 10 minutes. */
export const SUBSCRIBE_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };
const subscribeBuckets = (ctx: Context) => [`subscribe:ip:${throttleAddress(ctx.req.ip)}`];

export const newsletterRouter = router({
  /**
   * An address already subscribed, in any case, answers exactly like a new one: the answer
   * must not reveal who is on the list. Only a new row counts against the throttle.
   */
  subscribe: publicProcedure
    .use(honeypotFirst({ success: true }))
    .use(throttleFirst(subscribeBuckets, SUBSCRIBE_SUBMISSIONS, THROTTLED))
    .input(subscribeInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      const buckets = subscribeBuckets(ctx);
      await writeTransaction(ctx.db, async (tx) => {
        await assertAllowed(tx, buckets, SUBSCRIBE_SUBMISSIONS, now, THROTTLED);
        // ON CONFLICT covers the unique index on lower(email).
        const added = await tx
          .insert(subscribers)
          .values({ email: input.email, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: subscribers.id })
          .get();
        if (added) await recordEvent(tx, buckets, now);
      });
      return { success: true };
    }),
});
