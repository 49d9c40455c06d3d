import { dayOf } from '#server/analytics/days';
import { DAY_MS } from '#shared/calendar-days';

/** The calendar month (`2026-11`) that `at` falls in, in the site's time zone. */
export function monthOf(at: Date, timeZone: string): string {
  return dayOf(at, timeZone).slice(0, 7);
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * Seconds from `now` until the next month begins in `timeZone` (the 429's Retry-After): by
 * days to the first day of the next month, then back by quarter hours, the finest step any
 * zone's offset takes.
 */
export function secondsToNextMonth(now: Date, timeZone: string): number {
  const month = monthOf(now, timeZone);
  let later = now.getTime();
  while (monthOf(new Date(later), timeZone) === month) later += DAY_MS;
  while (monthOf(new Date(later - QUARTER_HOUR), timeZone) !== month) later -= QUARTER_HOUR;
  // `later` may sit up to a quarter hour past the turn: a little late is safe.
  return Math.max(1, Math.ceil((later - now.getTime()) / 1000));
}
