import { assertRoom, type ThrottleRule } from '#server/platform/throttle';
import { middleware, type Context } from './trpc';

/**
 * The building blocks of the visitors' form procedures (contact, newsletter).
 */

/**
 * Ranks a throttled address's 429 above its input's 400 (docs/api.md) without a read before
 * every submission. A valid submission is checked by the batch that stores it, its one
 * request to the database; an invalid one is checked here, by a read, once its input has
 * failed, and answered 429 instead when its address is throttled.
 */
export function throttleOutranksInput(bucket: (ctx: Context) => string, rule: ThrottleRule) {
  return middleware(async ({ ctx, next }) => {
    const result = await next();
    if (!result.ok && result.error.code === 'BAD_REQUEST') {
      await assertRoom(ctx.db, { bucket: bucket(ctx), rule }, ctx.clock.now());
    }
    return result;
  });
}

/** People never see the hidden `website` field; anything in it was put there by a bot. */
export function honeypotFilled(raw: unknown): boolean {
  if (!raw || typeof raw !== 'object' || !('website' in raw)) return false;
  const value = raw.website;
  return value !== undefined && value !== null && value !== '';
}

/**
 * A filled honeypot is answered `answer` before anything else looks at the input: valid or
 * not, throttled or not, a bot always sees a success and learns nothing about the rules,
 * and nothing is stored. tRPC lets a middleware answer only with a result of next(), so the
 * rest of the chain runs with an input that cannot be read: the input step fails whatever
 * the schema accepts, the resolver never runs, and that failure is replaced by the answer.
 */
export function honeypotFirst<T>(answer: T) {
  return middleware(async ({ getRawInput, next }) => {
    const raw = await getRawInput().catch(() => undefined);
    if (!honeypotFilled(raw)) return next();
    const skipped = await next({
      getRawInput: () => Promise.reject(new Error('honeypot filled: input withheld')),
    });
    return { marker: skipped.marker, ok: true as const, data: answer };
  });
}
