/**
 * Days of SITE_TIMEZONE as `YYYY-MM-DD` text: what the analytics store, group and report by.
 * Arithmetic on such days is in shared/calendar-days.ts.
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
