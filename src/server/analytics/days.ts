/**
 * Days of SITE_TIMEZONE as `YYYY-MM-DD` text: what the analytics store, group and report by.
 * A day's text sorts and compares like the day itself, and arithmetic on it is calendar
 * arithmetic (done at noon UTC, far from any offset), so daylight saving never shifts it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last answer per zone, by minute: every event asks, and formatting a date in a zone is
 * the dearest step of recording one. Zones change their offset on whole minutes.
 */
const lastDay = new Map<string, { minute: number; day: string }>();

/** The day `at` falls on in the zone. */
export function dayOf(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatDay(at, timeZone);
  lastDay.set(timeZone, { minute, day });
  return day;
}

function formatDay(at: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const DAY_MS = 24 * 60 * 60_000;
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** Whether `day` is a YYYY-MM-DD date that exists (2026-02-30 does not). */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const noon = noonOf(day);
  return !Number.isNaN(noon) && new Date(noon).toISOString().slice(0, 10) === day;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(noonOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for the same day, 0 or less when reversed). */
export function daysSpanned(from: string, to: string): number {
  return Math.round((noonOf(to) - noonOf(from)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included, oldest first. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysSpanned(from, to)) }, (_, i) => addDays(from, i));
}
