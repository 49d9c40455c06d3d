/**
 * The slot rules, as one pure function (docs/booking.md): what the visitors' picker offers,
 * what a booking is checked against, and what a reschedule may move to. Wall-clock times are
 * the owner's, in the owner's zone, through luxon, so a day of 23 or 25 hours (a
 * daylight-saving change) has the slots its clock shows; everything else is absolute time.
 */
import { DateTime } from 'luxon';
import { eachDay } from '#shared/calendar-days';
import { minutesOfDay, WEEKDAYS, type BookingSettings } from '#shared/booking';

const MINUTE_MS = 60_000;

/** A stretch of absolute time, half open: `[start, end)` in milliseconds since the epoch. */
export interface Span {
  start: number;
  end: number;
}

export interface FreeSlot {
  start: Date;
  end: Date;
}

/** A meeting starting at `start` ends `meetingMinutes` later (absolute time). */
export function slotEnd(settings: Pick<BookingSettings, 'meetingMinutes'>, start: Date): Date {
  return new Date(start.getTime() + settings.meetingMinutes * MINUTE_MS);
}

/** The owner's calendar day (YYYY-MM-DD) of an instant. */
export function ownerDay(settings: Pick<BookingSettings, 'timezone'>, at: Date): string {
  return DateTime.fromJSDate(at, { zone: settings.timezone }).toISODate() ?? '';
}

/**
 * The instant the owner's clock reads `hhmm` on `day`. A time the clock skips (01:30 when it
 * jumps from 01:00 to 02:00) moves on by the gap (02:30), a time it shows twice is the first
 * of the two; "24:00" is the next day's start.
 */
function wallClock(day: string, hhmm: string, zone: string): number {
  const date = DateTime.fromISO(day, { zone });
  const minutes = minutesOfDay(hhmm);
  const moment =
    minutes === 24 * 60
      ? date.plus({ days: 1 }).startOf('day')
      : date.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  return moment.toMillis();
}

/** Sorted and joined, so one look finds whether a span meets any of them. */
export function merged(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** Whether `[start, end)` overlaps any of the merged, sorted `blocked` spans. */
function meetsAny(blocked: Span[], start: number, end: number): boolean {
  // The first span ending after `start`; it is the only one that could reach into the range.
  let low = 0;
  let high = blocked.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((blocked[mid]?.end ?? 0) > start) high = mid;
    else low = mid + 1;
  }
  const first = blocked[low];
  return first !== undefined && first.start < end;
}

export interface SlotInput {
  settings: BookingSettings;
  /** The busy times of the owner's calendar (not widened: the buffers are the owner's own). */
  busy: Span[];
  /** Confirmed bookings (the one being moved left out by the caller). */
  bookings: Span[];
  now: Date;
  /** Days of the owner's zone, both included. */
  from: string;
  to: string;
}

/**
 * Every slot of the days `from` to `to`, soonest first. A slot starts on a step from the start
 * of a weekly interval and ends inside it; starts no sooner than `minNoticeHours` from now and
 * before `horizonDays` from now; widened by the buffers it overlaps no busy time and no
 * booking widened the same way (so two calls are at least both buffers apart); and a day that
 * already holds `maxPerDay` bookings offers none. Booking off: none.
 */
export function computeSlots(input: SlotInput): FreeSlot[] {
  const { settings, now } = input;
  if (!settings.enabled) return [];
  const zone = settings.timezone;
  const before = settings.bufferBeforeMinutes * MINUTE_MS;
  const after = settings.bufferAfterMinutes * MINUTE_MS;
  const meeting = settings.meetingMinutes * MINUTE_MS;
  const step = settings.slotStepMinutes * MINUTE_MS;
  const earliest = now.getTime() + settings.minNoticeHours * 60 * MINUTE_MS;
  const latest = DateTime.fromJSDate(now, { zone }).plus({ days: settings.horizonDays }).toMillis();

  // Each candidate is widened when it is checked, each booking here: a slot right after a
  // booking starts at least `after + before` after its end.
  const blocked = merged([
    ...input.busy,
    ...input.bookings.map((b) => ({ start: b.start - before, end: b.end + after })),
  ]);
  const perDay = new Map<string, number>();
  for (const booking of input.bookings) {
    const day = ownerDay(settings, new Date(booking.start));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const slots: FreeSlot[] = [];
  for (const day of eachDay(input.from, input.to)) {
    if (settings.maxPerDay !== null && (perDay.get(day) ?? 0) >= settings.maxPerDay) continue;
    const weekday = WEEKDAYS[DateTime.fromISO(day, { zone }).weekday - 1];
    if (weekday === undefined) continue;
    for (const [open, close] of settings.weekly[weekday]) {
      const intervalEnd = wallClock(day, close, zone);
      for (let start = wallClock(day, open, zone); start + meeting <= intervalEnd; start += step) {
        if (start < earliest || start >= latest) continue;
        const end = start + meeting;
        if (meetsAny(blocked, start - before, end + after)) continue;
        slots.push({ start: new Date(start), end: new Date(end) });
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}
