/**
 * Where to start walking a repeating event so that the walk costs what the window holds, not
 * what the series' age holds (docs/booking.md, "Budgets"): a weekly meeting kept since 2012
 * is walked from a few days before the window, like one started last week.
 *
 * ical.js's iterator cannot jump ahead, so the walk is given a later DTSTART instead: the
 * first one moved forward by a whole number of the rule's own repeats, which gives the same
 * occurrences from there on.
 * - A rule of seconds to weeks whose BY parts only pick times of day and weekdays repeats
 *   exactly every `dayStep` days (its interval in days, or a whole number of days that is a
 *   whole number of intervals: every 7 minutes repeats each 7 days).
 * - Any other rule (months, years, BYMONTH, BYSETPOS, …) depends on the calendar itself,
 *   which repeats exactly every 28 years between 1901 and 2099 (same weekdays on the same
 *   dates, leap years alike): such a series moves by whole 28-year cycles that are also
 *   whole intervals. At most 28 years are left to walk, a few hundred occurrences for a
 *   monthly rule.
 * A rule with COUNT counts from its real DTSTART and is never moved; the read's budget bounds
 * it. The moved start itself may not be an occurrence (DTSTART always counts as one), so it
 * is kept before `latest`, where nothing it yields reaches the window.
 */
import ICAL from 'ical.js';
import { DAY_MS, DAY_SECONDS } from '#shared/calendar-days';

const CYCLE_YEARS = 28;
/** Days in 28 Gregorian years without a century year: 28 × 365 + 7 leap days. */
const CYCLE_DAYS = 10_227;

const UNIT_SECONDS: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: DAY_SECONDS,
  WEEKLY: 7 * DAY_SECONDS,
};

/** BY parts that pick times of a day or plain weekdays, the same in every repeat of days. */
const DAY_PARTS = new Set(['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY']);

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Whole days after which the rule's candidates repeat; null for months and years. */
function dayStep(rule: ICAL.Recur): number | null {
  const unit = UNIT_SECONDS[rule.freq];
  if (unit === undefined) return null;
  const seconds = unit * rule.interval;
  return seconds / gcd(seconds, DAY_SECONDS);
}

/** Cycles of 28 years a move must be a multiple of to be whole intervals too. */
function cycleMultiple(rule: ICAL.Recur, step: number | null): number {
  if (step !== null) return step / gcd(step, CYCLE_DAYS);
  const months = rule.freq === 'MONTHLY' ? rule.interval : rule.interval * 12;
  return months / gcd(months, CYCLE_YEARS * 12);
}

function onlyDayParts(rule: ICAL.Recur): boolean {
  const parts = rule.parts as Record<string, unknown[] | undefined>;
  return Object.entries(parts).every(
    ([name, values]) =>
      values === undefined ||
      values.length === 0 ||
      (DAY_PARTS.has(name) &&
        (name !== 'BYDAY' || values.every((day) => /^[A-Z]{2}$/.test(String(day))))),
  );
}

/**
 * The DTSTART to walk the rules of an event from: `dtstart` (the event's, at `firstMs`)
 * moved forward as far as it can be while staying at or before `latestMs`.
 */
export function walkStart(
  rules: ICAL.Recur[],
  dtstart: ICAL.Time,
  firstMs: number,
  latestMs: number,
): ICAL.Time {
  const rule = rules[0];
  const gapDays = Math.floor((latestMs - firstMs) / DAY_MS);
  // Several rules would need one move that suits all; COUNT counts from the real start.
  if (rules.length !== 1 || !rule || rule.count || gapDays <= 0) return dtstart;
  const step = dayStep(rule);
  const moved = dtstart.clone();
  if (step !== null && onlyDayParts(rule)) {
    moved.adjust(Math.floor(gapDays / step) * step, 0, 0, 0);
    return moved;
  }
  const multiple = cycleMultiple(rule, step);
  const cycles = Math.floor(gapDays / (CYCLE_DAYS * multiple)) * multiple;
  const year = dtstart.year + cycles * CYCLE_YEARS;
  if (cycles === 0 || dtstart.year < 1901 || year > 2099) return dtstart;
  moved.year = year;
  return moved;
}
