/**
 * The assistant's counts per day (docs/assistant.md, "Counts"), and the site's daily cap,
 * which is one of them (`asked`): numbers only, never a visitor's words.
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { assistantDays } from '#db/schema';
import { dayOf } from '#server/analytics/days';
import { siteSettings } from '#server/site/site-settings';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';

/** Questions sent to the model in a day, for the whole site. */
export const SITE_DAILY_QUESTIONS = 500;

export type DayCount = 'questions' | 'asked' | 'answered' | 'handedOff';

/** Today in the site's time zone. */
export async function today(deps: { db: Db; config: Config; clock: Clock }): Promise<string> {
  const { timeZone } = await siteSettings(deps);
  return dayOf(deps.clock.now(), timeZone);
}

/** One more of `count` today (by `by`, -1 to give one back). */
export async function countDay(
  deps: { db: Db; config: Config; clock: Clock },
  count: DayCount,
  by = 1,
): Promise<void> {
  const day = await today(deps);
  await writeTransaction(deps.db, (tx) => addToDay(tx, day, count, by));
}

export function addToDay(tx: Db, day: string, count: DayCount, by: number) {
  const column = assistantDays[count];
  return tx
    .insert(assistantDays)
    .values({ day, [count]: Math.max(by, 0) })
    .onConflictDoUpdate({ target: assistantDays.day, set: { [count]: sql`${column} + ${by}` } })
    .run();
}

/**
 * One more question sent to the model today, inside the caller's transaction, only while the
 * day has fewer than the cap: one conditional statement, so instances at once never pass it.
 * False: the day is full.
 */
export async function takeDayPlace(tx: Db, day: string): Promise<boolean> {
  const rows = await tx
    .insert(assistantDays)
    .values({ day, asked: 1 })
    .onConflictDoUpdate({
      target: assistantDays.day,
      set: { asked: sql`${assistantDays.asked} + 1` },
      setWhere: sql`${assistantDays.asked} < ${SITE_DAILY_QUESTIONS}`,
    })
    .returning({ asked: assistantDays.asked })
    .all();
  return rows.length > 0;
}

/** The counts of the days from `from` to `to` (both included), added up: the Overview's. */
export async function countsBetween(
  db: Db,
  range: { from: string; to: string },
): Promise<{ questions: number; answered: number; handedOff: number }> {
  const row = await db
    .select({
      questions: sql<number>`coalesce(sum(${assistantDays.questions}), 0)`,
      answered: sql<number>`coalesce(sum(${assistantDays.answered}), 0)`,
      handedOff: sql<number>`coalesce(sum(${assistantDays.handedOff}), 0)`,
    })
    .from(assistantDays)
    .where(and(gte(assistantDays.day, range.from), lte(assistantDays.day, range.to)))
    .get();
  return {
    questions: Number(row?.questions ?? 0),
    answered: Number(row?.answered ?? 0),
    handedOff: Number(row?.handedOff ?? 0),
  };
}
