import { writeBatch } from '../../../db';
import { wellFormed } from '../../shared/validation';
import { publicProcedure } from '../http/trpc';
import { throttleAddress } from '../platform/address';
import {
  assertAllowed,
  clearBucket,
  releaseEvents,
  reserveEvent,
  type ThrottleRule,
} from '../platform/throttle';

/** 5 failed sign-ins per username and per address (an IPv6 /64) in 15 minutes. */
export const LOGIN_FAILURES: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const THROTTLED = 'Too many failed sign-in attempts.';

/** Throttle keys: the same name in any case shares one allowance. */
export function loginFailureBuckets(username: string, ip: string): [string, string] {
  return [
    // Built from input not yet validated: kept well formed, as the database must store it.
    `login-fail:user:${wellFormed(username.trim().toLowerCase())}`,
    `login-fail:ip:${throttleAddress(ip)}`,
  ];
}

/**
 * Every attempt takes one of the 5 places per username and per address before anything
 * else: in one write transaction with the check, before the input is validated (429 ranks
 * above 400) and long before the password is hashed. Calls arriving together, or batched
 * in one tRPC request, each need a place of their own, so no burst gets more guesses than
 * the limit. Settled afterwards: only a judged wrong password (401) keeps its place; a
 * success frees it and clears the username's failures; anything else (invalid input, a
 * busy server, mail trouble) frees it too, since no password was judged wrong.
 */
export const loginThrottle = publicProcedure.use(async ({ ctx, next, getRawInput }) => {
  const raw = await getRawInput().catch(() => undefined);
  const username =
    raw && typeof raw === 'object' && 'username' in raw && typeof raw.username === 'string'
      ? raw.username
      : '';
  const [byUser, byIp] = loginFailureBuckets(username, ctx.req.ip);
  const buckets = username.trim() ? [byUser, byIp] : [byIp];
  // An attempt already over the limit is refused by a read (one for both buckets): a flood
  // of them never waits in the write queue nor holds the write lock. The reservation, one
  // batch, checks again in the statement that counts.
  await assertAllowed(ctx.db, buckets, LOGIN_FAILURES, ctx.clock.now(), THROTTLED);
  const reserved = await reserveEvent(ctx.db, buckets, LOGIN_FAILURES, ctx.clock.now(), THROTTLED);
  const result = await next();
  const judgedWrong = !result.ok && result.error.code === 'UNAUTHORIZED';
  if (!judgedWrong) {
    await writeBatch(ctx.db, [
      ...(result.ok ? [clearBucket(ctx.db, byUser).toSQL()] : []),
      releaseEvents(ctx.db, reserved).toSQL(),
    ]);
  }
  return result;
});
