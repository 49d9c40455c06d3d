import { useSyncExternalStore } from 'react';
import { SITE_TIME_ZONE_ELEMENT_ID } from '#shared/page-data';
import { DAY_MS } from '#shared/calendar-days';

/**
 * The admin area's one way of writing dates and times (docs/admin-guide.md): in the browser's
 * own language settings (navigator.language: "15 Jan 2026, 09:00" in an en-GB browser, "Jan 15,
 * 2026, 9:00 AM" in an en-US one), and moments in the site's time zone, wherever the
 * administrator's device is. Every admin screen writes its dates through this module.
 */

/**
 * The site's time zone (SITE_TIMEZONE or the one saved on the Content screen), which the server writes into app.html
 * (server/content/pages.ts): the admin area writes every moment in it, as the mails and the
 * Overview's days do, wherever the administrator's device is. In development (Vite serves
 * app.html as is) and in component tests, the browser's own zone stands in.
 */
function pageTimeZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_TIME_ZONE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const zone: unknown = JSON.parse(text);
    if (typeof zone !== 'string') return undefined;
    // Throws a RangeError for a zone this browser does not know.
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The page's zone, read once (undefined: the page names none, the device's stands in). */
let pageZone: { zone: string | undefined } | null = null;
/** A zone saved since the page was loaded, which wins over the page's. */
let savedZone: string | null = null;

function siteZone(): string | undefined {
  pageZone ??= { zone: pageTimeZone() };
  return savedZone ?? pageZone.zone;
}

/**
 * The browser's language (navigator.language), which decides the order of day and month and a
 * 12- or 24-hour clock. Undefined (the runtime's default) outside a browser or for a tag Intl
 * refuses.
 */
export function adminLocale(): string | undefined {
  if (typeof navigator === 'undefined' || !navigator.language) return undefined;
  try {
    return Intl.getCanonicalLocales(navigator.language)[0];
  } catch {
    return undefined;
  }
}

/**
 * What each kind of date shows. A moment is written in the site's zone; a calendar day (an
 * Overview day "2026-03-07", a fact's date stored as midnight UTC) in UTC, so no zone moves it
 * to the day before.
 */
const STYLES = {
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  shortDay: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  longDay: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  fullDay: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  wordDay: { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  namedDay: { weekday: 'long', day: 'numeric', month: 'long' },
  clock: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

/** Built once per language, zone and style: a formatter costs far more than a format. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, zone?: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = STYLES[style];
  const locale = adminLocale();
  const timeZone = options.timeZone ?? zone ?? siteZone();
  const key = `${style} ${locale ?? ''} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * After the owner saves another zone on the Content screen: the admin's moments are written in
 * it from the next render on, as the server's are. Null goes back to the page's zone.
 */
export function setAdminTimeZone(zone: string | null): void {
  savedZone = zone;
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The zone for a component that must show a change at once (the admin's footer): it renders
 * again when the owner saves another zone on the Content screen.
 */
export function useAdminTimeZone(): string {
  return useSyncExternalStore(subscribe, adminTimeZone, adminTimeZone);
}

/**
 * The zone the admin's moments are written in ('Europe/Paris'), as it was given: the
 * formatter's own reading may be an older alias (Asia/Calcutta for Asia/Kolkata).
 */
export function adminTimeZone(): string {
  return siteZone() ?? formatter('moment').resolvedOptions().timeZone;
}

function format(style: Style, date: Date, zone?: string): string {
  return Number.isNaN(date.getTime()) ? '' : formatter(style, zone).format(date);
}

/**
 * A moment's day and its clock time in a zone of its own (the booking's, which may not be the
 * site's): "Monday 30 November" and "14:30" (en-GB), "Monday, November 30" and "02:30 PM"
 * (en-US).
 */
export function formatZoneDay(iso: string, zone: string): string {
  return format('namedDay', new Date(iso), zone);
}

export function formatZoneClock(iso: string, zone: string): string {
  return format('clock', new Date(iso), zone);
}

/** A stored moment in the site's time zone: "15 Jan 2026, 10:00" (en-GB), "Jan 15, 2026, 10:00 AM" (en-US). */
export function formatDateTime(iso: string): string {
  return format('moment', new Date(iso));
}

/** A stored moment's day in the site's time zone: "26 Nov 2026" (en-GB), "Nov 26, 2026" (en-US). */
export function formatDate(iso: string): string {
  return format('date', new Date(iso));
}

/** The clock in the site's zone, to the second: "00:00:00" at the start of a day. */
const zoneClock = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: siteZone(),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/**
 * A moment that may have been given as a day only (a lead's follow-up: a bare date is stored as
 * the start of that day in the site's zone, docs/api.md "Leads"): its day alone at the start of
 * a day, "1 Mar 2026", not "1 Mar 2026, 00:00"; else as formatDateTime.
 */
export function formatDayOrMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return zoneClock().format(date) === '00:00:00' ? formatDate(iso) : formatDateTime(iso);
}

/** A stored moment as a `<time>` element: the words for people, the ISO value for machines. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A calendar day "2026-03-07" -> "7 Mar" (en-GB), "Mar 7" (en-US). */
export function formatDay(day: string): string {
  return format('shortDay', utcDay(day));
}

/** "2026-03-07" -> "Sat, 7 Mar 2026" / "Sat, Mar 7, 2026": a table's day, whose weekday tells weekends apart. */
export function formatFullDay(day: string): string {
  return format('fullDay', utcDay(day));
}

/**
 * Two calendar days as a range: "1 Mar – 7 Mar 2026" / "Mar 1 – Mar 7, 2026", the first with
 * its year when the years differ, or one day: "7 Mar 2026". Written out rather than Intl's
 * formatRange, whose spacing differs between ICU versions.
 */
export function formatRange(from: string, to: string): string {
  const end = format('longDay', utcDay(to));
  if (from === to) return end;
  const start =
    from.slice(0, 4) === to.slice(0, 4) ? formatDay(from) : format('longDay', utcDay(from));
  return `${start} – ${end}`;
}

/** A date stored as midnight UTC of its day (a fact's date) in words: "14 March 2023" / "March 14, 2023". */
export function formatWordDate(iso: string): string {
  return format('wordDay', new Date(iso));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When something was last used, as a person says it: "just now", "5 minutes ago", "3 hours
 * ago", "yesterday", then the moment itself: past a week a weekday count is harder to place
 * than the date. A moment a little ahead of `now` (the server's clock ahead of the browser's) is
 * "just now", never "in 2 minutes".
 */
export function formatLastActive(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY_MS) return plural(Math.floor(ago / HOUR), 'hour');
  if (ago < 2 * DAY_MS) return 'yesterday';
  if (ago < 7 * DAY_MS) return plural(Math.floor(ago / DAY_MS), 'day');
  return formatDateTime(iso);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
