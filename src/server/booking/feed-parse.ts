/**
 * The owner's calendar feed (iCalendar text) as busy times (docs/booking.md). ical.js reads
 * the text and expands the repeating rules (RRULE, RDATE, EXDATE); the wall-clock times are
 * turned into instants here, through luxon and the IANA database: a feed's TZID is usually
 * an IANA name, and the database knows every past and future rule of it, where a feed's own
 * VTIMEZONE often carries only the current one. A TZID that is no IANA name (Outlook's
 * "W. Europe Standard Time") is read by the feed's own VTIMEZONE; a floating time, or a zone
 * nobody defines, is the owner's.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { canonicalTimezone } from '#shared/time-zone';
import { merged, type Span } from './slots';

/**
 * Occurrences looked at in one series (from its first, up to the window's end): a daily event
 * for 50 years, and a bound on a rule that repeats every minute (about a second of work).
 */
export const MAX_OCCURRENCES = 20_000;

/** How one property's wall-clock times become instants. */
type Reading =
  { utc: true } | { utc: false; zone: string } | { utc: false; vtimezone: ICAL.Timezone };

interface FeedContext {
  owner: string;
  zones: Map<string, ICAL.Timezone>;
}

function readingOf(property: ICAL.Property, time: ICAL.Time, feed: FeedContext): Reading {
  if (time.zone === ICAL.Timezone.utcTimezone) return { utc: true };
  const tzid = property.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid : undefined;
  if (name !== undefined) {
    const iana = canonicalTimezone(name);
    if (iana !== null) return { utc: false, zone: iana };
    const own = feed.zones.get(name);
    if (own) return { utc: false, vtimezone: own };
  }
  return { utc: false, zone: feed.owner };
}

/** The instant a time of the feed names; a date (all day) is its start in the owner's zone. */
function instantOf(time: ICAL.Time, reading: Reading, feed: FeedContext): number {
  const { year, month, day, hour, minute, second } = time;
  if (time.isDate)
    return DateTime.fromObject({ year, month, day }, { zone: feed.owner }).toMillis();
  if (reading.utc) return Date.UTC(year, month - 1, day, hour, minute, second);
  if ('vtimezone' in reading) {
    return (
      ICAL.Time.fromData(
        { year, month, day, hour, minute, second },
        reading.vtimezone,
      ).toUnixTime() * 1000
    );
  }
  return DateTime.fromObject(
    { year, month, day, hour, minute, second },
    { zone: reading.zone },
  ).toMillis();
}

/** A date-time property's value and reading, or null when the event has none. */
function timeProperty(event: ICAL.Component, name: string, feed: FeedContext) {
  const property = event.getFirstProperty(name);
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time)) return null;
  return { time: value, reading: readingOf(property, value, feed) };
}

/**
 * Where an occurrence starting at `start` (the instant of `time`) ends: by DURATION in the
 * start's own zone (days on the calendar, hours exact), by DTEND the same exact length as the
 * first occurrence, an all-day event without either a day, any other a moment (busy never).
 */
function endFinder(
  event: ICAL.Component,
  first: { time: ICAL.Time; reading: Reading },
  feed: FeedContext,
): (time: ICAL.Time, start: number) => number {
  const duration = event.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const sign = duration.isNegative ? -1 : 1;
    const zone = first.time.isDate || !('zone' in first.reading) ? feed.owner : first.reading.zone;
    return (_time, start) =>
      DateTime.fromMillis(start, { zone })
        .plus({
          weeks: sign * duration.weeks,
          days: sign * duration.days,
          hours: sign * duration.hours,
          minutes: sign * duration.minutes,
          seconds: sign * duration.seconds,
        })
        .toMillis();
  }
  const end = timeProperty(event, 'dtend', feed);
  if (first.time.isDate) {
    // All day: whole days of the owner's calendar, however long those days are.
    const days = end ? Math.max(0, end.time.subtractDate(first.time).toSeconds() / 86_400) : 1;
    return (_time, start) =>
      DateTime.fromMillis(start, { zone: feed.owner })
        .plus({ days: Math.round(days) })
        .toMillis();
  }
  if (!end) return (_time, start) => start;
  const length =
    instantOf(end.time, end.reading, feed) - instantOf(first.time, first.reading, feed);
  return (_time, start) => start + length;
}

/** Events the owner marked free, or took off the calendar, hold no time. */
function isFree(event: ICAL.Component): boolean {
  const transp = event.getFirstPropertyValue('transp');
  const status = event.getFirstPropertyValue('status');
  return (
    (typeof transp === 'string' && transp.toUpperCase() === 'TRANSPARENT') ||
    (typeof status === 'string' && status.toUpperCase() === 'CANCELLED')
  );
}

/** The calendars of the text; throws when it is not iCalendar. */
function calendarsOf(text: string): ICAL.Component[] {
  const parsed: unknown = ICAL.parse(text);
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('The feed is not iCalendar');
  const roots = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  const calendars = roots
    .map((root) => new ICAL.Component(root))
    .filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) throw new Error('The feed is not iCalendar');
  return calendars;
}

/**
 * The busy times of `text` that overlap `window`, sorted and joined. Repeating events are
 * expanded up to the window's end only; an occurrence that RECURRENCE-ID moves, or marks free
 * or cancelled, is taken from its own event. Throws on text that is not iCalendar and on a
 * series past MAX_OCCURRENCES.
 */
export function parseBusyFeed(text: string, ownerZone: string, window: Span): Span[] {
  const busy: Span[] = [];
  for (const calendar of calendarsOf(text)) {
    const feed: FeedContext = { owner: ownerZone, zones: new Map() };
    for (const component of calendar.getAllSubcomponents('vtimezone')) {
      const zone = new ICAL.Timezone(component);
      feed.zones.set(zone.tzid, zone);
    }
    const events = calendar.getAllSubcomponents('vevent');
    // Each series' occurrences that an event of their own replaces, by UID.
    const replaced = new Map<string, Set<number>>();
    for (const event of events) {
      const id = timeProperty(event, 'recurrence-id', feed);
      if (!id) continue;
      const uid = String(event.getFirstPropertyValue('uid') ?? '');
      const set = replaced.get(uid) ?? new Set<number>();
      set.add(instantOf(id.time, id.reading, feed));
      replaced.set(uid, set);
    }
    for (const event of events) {
      if (isFree(event)) continue;
      const first = timeProperty(event, 'dtstart', feed);
      if (!first) continue;
      const endOf = endFinder(event, first, feed);
      const add = (time: ICAL.Time, start: number) => {
        const end = endOf(time, start);
        if (end > window.start && start < window.end && end > start) busy.push({ start, end });
      };
      const repeats =
        !event.hasProperty('recurrence-id') &&
        (event.hasProperty('rrule') || event.hasProperty('rdate'));
      if (!repeats) {
        add(first.time, instantOf(first.time, first.reading, feed));
        continue;
      }
      const skip = replaced.get(String(event.getFirstPropertyValue('uid') ?? ''));
      const expansion = new ICAL.RecurExpansion({ component: event, dtstart: first.time });
      let looked = 0;
      for (let next = expansion.next(); next; next = expansion.next()) {
        looked += 1;
        if (looked > MAX_OCCURRENCES) {
          throw new Error(`A series repeats more than ${MAX_OCCURRENCES} times`);
        }
        const start = instantOf(next, first.reading, feed);
        if (start >= window.end) break;
        if (!skip?.has(start)) add(next, start);
      }
    }
  }
  return merged(busy);
}
