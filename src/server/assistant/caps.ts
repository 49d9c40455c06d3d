/**
 * The caps a question takes a place in before the model sees it (docs/assistant.md, "Caps"):
 * 20 an hour per visitor, 500 a day for the site, in one write transaction so neither is
 * taken without the other, and given back when the month's tokens refuse the call after.
 */
import { writeTransaction } from '#db';
import { loadSalts } from '#server/analytics/salts';
import { visitorHash, visitorIdentity } from '#server/analytics/visitor';
import { dayStart } from '#server/analytics/days';
import type { Context } from '#server/http/trpc';
import { siteSettings } from '#server/platform/site-settings';
import { release, take, throttledError } from '#server/platform/throttle';
import { addToDay, takeDayPlace, today } from './counts';
import { ASSISTANT_QUESTIONS } from './throttle-rules';

export const SITE_CAP_MESSAGE =
  'The assistant has answered all it may today. Please write to us with the form instead.';

class DayFull extends Error {}

/** The places a question took: what `giveBack` returns. */
export interface Places {
  day: string;
  ids: number[];
}

/**
 * The visitor as the analytics names them (analytics/visitor.ts): the day's salted hash of
 * the site's host, the address and the user agent, so the throttle's rows name no address.
 */
async function visitorBucket(ctx: Context, day: string): Promise<string> {
  const site = await siteSettings(ctx);
  const salts = await loadSalts(ctx.db, [day], day);
  const salt = salts.get(day) ?? '';
  const agent = ctx.req.headers.get('user-agent') ?? '';
  const identity = visitorIdentity(new URL(site.address).hostname, ctx.req.ip, agent);
  return `${ASSISTANT_QUESTIONS.kind}:${visitorHash(salt, identity)}`;
}

/** Seconds until the site's next day: the site cap's Retry-After. */
async function secondsToTomorrow(ctx: Context, day: string): Promise<number> {
  const { timeZone } = await siteSettings(ctx);
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * 3_600_000);
  const start = dayStart(next.toISOString().slice(0, 10), timeZone);
  return Math.max(1, Math.ceil((start.getTime() - ctx.clock.now().getTime()) / 1000));
}

/** A place in the visitor's hour and the site's day, or the 429 of the one that is full. */
export async function takePlaces(ctx: Context): Promise<Places> {
  const day = await today(ctx);
  const bucket = await visitorBucket(ctx, day);
  const now = ctx.clock.now();
  const result = await writeTransaction(ctx.db, async (tx) => {
    const taken = await take(tx, { bucket, rule: ASSISTANT_QUESTIONS }, now);
    // Thrown, so the transaction rolls the visitor's place back with it.
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
