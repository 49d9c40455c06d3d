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

/**
 * The first instant of `day` in the zone: the bound of a range's days for rows that keep an
 * instant rather than a day (the leads). Found by halving on whole minutes between the
 * earliest and the latest start any zone gives the day (offsets run from -12 h to +14 h), so
 * a day that starts at 01:00 (daylight saving at midnight) starts there.
 */
export function dayStart(day: string, timeZone: string): Date {
  const noon = Date.parse(`${day}T12:00:00Z`);
  // In minutes: `low` is still the day before everywhere, `high` is the day itself everywhere.
  let low = (noon - 27 * 3_600_000) / 60_000;
  let high = noon / 60_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (formatDay(new Date(middle * 60_000), timeZone) < day) low = middle;
    else high = middle;
  }
  return new Date(high * 60_000);
}
