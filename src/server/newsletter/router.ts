import { insertWhere } from '../../../db/insert-where';
import { subscribers } from '../../../db/schema';
import { subscribeInput } from '../../shared/newsletter';
import { throttleAddress } from '../platform/address';
import { throttledInsert, type ThrottleRule } from '../platform/throttle';
import { publicProcedure, router } from '../http/trpc';
import { honeypotFirst, throttleOutranksInput } from '../http/public-form';
import type { Context } from '../http/trpc';

const THROTTLED = 'Too many sign-ups from your address.';

/** At most 5 new subscriptions per address (an IPv6 /64) in 10 minutes. */
export const SUBSCRIBE_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };
const subscribeBuckets = (ctx: Context) => [`subscribe:ip:${throttleAddress(ctx.req.ip)}`];

/**
 * One batch: the check, the row and, only when the row is new, the throttle's event.
 * ON CONFLICT covers the unique index on lower(email).
 */
const storeSubscriber = throttledInsert(
  SUBSCRIBE_SUBMISSIONS,
  THROTTLED,
  ['email', 'createdAt'],
  (db, room, values) =>
    insertWhere(db, subscribers, values, room)
      .onConflictDoNothing()
      .returning({ id: subscribers.id }),
);

export const newsletterRouter = router({
  /**
   * An address already subscribed, in any case, answers exactly like a new one: the answer
   * must not reveal who is on the list. Only a new row counts against the throttle.
   */
  subscribe: publicProcedure
    .use(honeypotFirst({ success: true }))
    .use(throttleOutranksInput(subscribeBuckets, SUBSCRIBE_SUBMISSIONS, THROTTLED))
    .input(subscribeInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const now = ctx.clock.now();
      await storeSubscriber(ctx.db, subscribeBuckets(ctx), now, {
        email: input.email,
        createdAt: now,
      });
      return { success: true };
    }),
});
