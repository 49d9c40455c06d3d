/**
 * The assistant's caps (docs/assistant.md, "Caps"), each counted inside the write transaction
 * that checks it (docs/decisions/0004): every question takes a place in its address's 60 an
 * hour; one the model will see also takes a place in the address's 20 an hour and the site's
 * 500 a day, in one write transaction so neither is taken without the other, given back when
 * the month's tokens refuse the call after. A client is its address (an IPv6 address by its
 * /64), by the keyed hash every throttle uses: a new User-Agent is the same client.
 */
import { writeTransaction } from '#db';
import { dayStart } from '#server/analytics/days';
import type { Context } from '#server/http/trpc';
import { siteSettings } from '#server/site/site-settings';
import { release, take, throttledError, type ThrottleRule } from '#server/platform/throttle';
import { addressBucket } from '#server/platform/throttle-buckets';
import { addToDay, takeDayPlace, today } from './counts';
import { ASSISTANT_ALL_QUESTIONS, ASSISTANT_QUESTIONS } from './throttle-rules';
import { addDays } from '#shared/calendar-days';

export const SITE_CAP_MESSAGE =
  'The assistant has answered all it may today. Please write to us with the form instead.';

class DayFull extends Error {}

/** The places a question took: what `giveBack` returns. */
export interface Places {
  day: string;
  ids: number[];
}

const clientBucket = (ctx: Context, rule: ThrottleRule) => ({
  bucket: addressBucket(rule.kind, ctx.config.sessionSecret, ctx.req.ip),
  rule,
});

/** One more question today, and its place in the address's hour of all questions (or the 429). */
export async function countQuestion(ctx: Context): Promise<void> {
  const day = await today(ctx);
  await writeTransaction(ctx.db, async (tx) => {
    await take(tx, clientBucket(ctx, ASSISTANT_ALL_QUESTIONS), ctx.clock.now());
    await addToDay(tx, day, 'questions', 1);
  });
}

/** Seconds until the site's next day: the site cap's Retry-After. */
async function secondsToTomorrow(ctx: Context, day: string): Promise<number> {
  const { timeZone } = await siteSettings(ctx);
  const start = dayStart(addDays(day, 1), timeZone);
  return Math.max(1, Math.ceil((start.getTime() - ctx.clock.now().getTime()) / 1000));
}

/** A place in the address's hour and the site's day, or the 429 of the one that is full. */
export async function takePlaces(ctx: Context): Promise<Places> {
  const day = await today(ctx);
  const now = ctx.clock.now();
  const result = await writeTransaction(ctx.db, async (tx) => {
    const taken = await take(tx, clientBucket(ctx, ASSISTANT_QUESTIONS), now);
    // Thrown, so the transaction rolls the address's place back with it.
    if (!(await takeDayPlace(tx, day))) throw new DayFull();
    return taken.ids;
  }).catch(async (error: unknown) => {
    if (error instanceof DayFull) {
      throw throttledError(SITE_CAP_MESSAGE, await secondsToTomorrow(ctx, day));
    }
    throw error;
  });
  return { day, ids: result };
}

/** The places of a question the model never saw, given back. */
export async function giveBack(ctx: Context, places: Places): Promise<void> {
  await writeTransaction(ctx.db, async (tx) => {
    await release(tx, places.ids);
    await addToDay(tx, places.day, 'asked', -1);
  });
}
