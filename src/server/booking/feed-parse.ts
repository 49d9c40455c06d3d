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
import { BOOKING_RANGES } from '#shared/booking';
import { canonicalTimezone } from '#shared/time-zone';
import { walkStart } from './series-start';
import { merged, type Span } from './slots';
import { DAY_MS, DAY_SECONDS } from '#shared/calendar-days';
import { FEED_LIMITS, FeedLimitError, type FeedLimits, type FeedReading } from './feed-limits';

/** How one property's wall-clock times become instants. */
type Reading =
  | { utc: true }
  | { utc: false; zone: string }
  | { utc: false; vtimezone: ICAL.Timezone };

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
    if (duration.weeks === 0 && duration.days === 0 && !first.time.isDate) {
      // Hours, minutes and seconds are exact: no calendar to consult for each occurrence.
      const length = duration.toSeconds() * 1000;
      return (_time, start) => start + length;
    }
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
    const days = end ? Math.max(0, end.time.subtractDate(first.time).toSeconds() / DAY_SECONDS) : 1;
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
 * The busy times of `text` that overlap `window`, sorted and joined, and the occurrences
 * looked at. Repeating events are walked from just before the window (series-start.ts) to
 * its end only; an occurrence that RECURRENCE-ID moves, or marks free or cancelled, is taken
 * from its own event. Throws on text that is not iCalendar, and FeedLimitError past `limits`.
 */
export function readBusyFeedText(
  text: string,
  ownerZone: string,
  window: Span,
  limits: FeedLimits = FEED_LIMITS,
): FeedReading {
  const busy: Span[] = [];
  const calendars = calendarsOf(text);
  const eventCount = calendars.reduce(
    (sum, calendar) => sum + calendar.getAllSubcomponents('vevent').length,
    0,
  );
  if (eventCount > limits.events) {
    throw new FeedLimitError(
      `The calendar has more than ${limits.events.toLocaleString('en')} events, more than this site reads.`,
    );
  }
  let looked = 0;
  for (const calendar of calendars) {
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
      const firstStart = instantOf(first.time, first.reading, feed);
      const repeats =
        !event.hasProperty('recurrence-id') &&
        (event.hasProperty('rrule') || event.hasProperty('rdate'));
      if (!repeats) {
        add(first.time, firstStart);
        continue;
      }
      const skip = replaced.get(String(event.getFirstPropertyValue('uid') ?? ''));
      // An occurrence that starts before this cannot reach the window: two days spare the
      // zones' offsets and a daylight-saving change in the length.
      const length = Math.max(0, endOf(first.time, firstStart) - firstStart);
      const rules = event
        .getAllProperties('rrule')
        .map((property) => property.getFirstValue())
        .filter((rule): rule is ICAL.Recur => rule instanceof ICAL.Recur);
      const earliest = window.start - length - 2 * DAY_MS;
      // A series with RDATEs is walked from its first date: ical.js starts such a walk at the
      // first RDATE when it is earlier and then passes one EXDATE per occurrence, so from a
      // later start the EXDATEs in between would hold back those of the window.
      const dtstart = event.hasProperty('rdate')
        ? first.time
        : walkStart(rules, first.time, firstStart, earliest);
      const expansion = new ICAL.RecurExpansion({ component: event, dtstart });
      for (let next = expansion.next(); next; next = expansion.next()) {
        looked += 1;
        if (looked > limits.occurrences) {
          throw new FeedLimitError(
            `The calendar's repeating events make more than ${limits.occurrences.toLocaleString('en')} occurrences to look at, more than this site reads.`,
          );
        }
        const start = instantOf(next, first.reading, feed);
        if (start >= window.end) break;
        if (start >= earliest && !skip?.has(start)) add(next, start);
      }
    }
  }
  return { busy: withoutShortGaps(merged(busy)), looked };
}

/** No meeting is shorter than this (the settings' range). */
const SHORTEST_MEETING_MS = BOOKING_RANGES.meetingMinutes[0] * 60_000;

/**
 * Busy times with every free gap too short for any meeting closed: such a gap can never hold
 * a slot, whatever the settings. A feed of thousands of short events a few minutes apart is
 * then a handful of times to store and to read at every request for slots.
 */
export function withoutShortGaps(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && span.start - last.end < SHORTEST_MEETING_MS)
      last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** The busy times alone (readBusyFeedText). */
export function parseBusyFeed(
  text: string,
  ownerZone: string,
  window: Span,
  limits: FeedLimits = FEED_LIMITS,
): Span[] {
  return readBusyFeedText(text, ownerZone, window, limits).busy;
}
