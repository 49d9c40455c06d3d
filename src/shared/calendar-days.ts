/**
 * Days, written once (docs/architecture.md, "Written once"; a lint rule refuses a local
 * DAY_MS or a day's length written out: scripts/one-place-rules.js):
 * - a day's length (`DAY_MS`, `DAY_SECONDS`) and the moment some days after or before another
 *   (`daysAfter`, `daysBefore`), for windows, lifetimes and retention;
 * - calendar days as `YYYY-MM-DD` text, for the analytics' ranges on the server and in the
 *   Overview screen, and a day in words. A day's text sorts and compares like the day itself,
 *   and arithmetic on it is calendar arithmetic (done at noon UTC, far from any offset), so
 *   daylight saving never shifts it.
 */
import { dayText } from './meeting-time';

/** A day's length: 1,440 minutes, 86,400 seconds (no leap second is ever counted). */
export const DAY_MINUTES = 24 * 60;
export const DAY_SECONDS = DAY_MINUTES * 60;
export const DAY_MS = DAY_SECONDS * 1000;

/** The moment `days` days (24 hours each, possibly fractional) after `at`. */
export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** The moment `days` days (24 hours each) before `at`: a window's or a retention's start. */
export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * DAY_MS);
}

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

/** The day `at` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(at);
}

/**
 * A day in words with its weekday, "Saturday 14 February 2026", as the client's proposal page
 * and its mail write a "Valid until" day: a calendar day as it is, moved by no zone. The PDFs
 * write the same day without its weekday (`dayName`); two texts, so two functions.
 */
export function calendarDayText(day: string): string {
  return dayText(new Date(noonOf(day)), 'UTC');
}

/** "31 December 2026": a day as people read it, without its weekday, in no time zone (the PDFs). */
export function dayName(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noonOf(day));
}
