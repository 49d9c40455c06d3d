import { assertAllowed, type ThrottleRule } from '../auth/throttle';
import { middleware, type Context } from '../trpc';

/**
 * Refuses a throttled address before the input is parsed: DESIGN.md section 4 ranks 429
 * above 400. Procedures check again inside their write transaction, because requests in
 * flight at the same moment all pass this early check.
 */
export function throttleFirst(
  buckets: (ctx: Context) => string[],
  rule: ThrottleRule,
  message: string,
) {
  return middleware(({ ctx, next }) => {
    assertAllowed(ctx.db, buckets(ctx), rule, ctx.clock.now(), message);
    return next();
  });
}

export const contactBuckets = (ctx: Context) => [`contact:ip:${ctx.req.ip}`];
export const subscribeBuckets = (ctx: Context) => [`subscribe:ip:${ctx.req.ip}`];
