/**
 * BookingSettings: when the owner takes free calls, kept in the database and edited in the
 * admin (docs/booking.md). One schema for the admin's form and the server (`booking.settings`
 * PUT), so both refuse the same things with the same messages; an issue's path names the
 * field inside the body, e.g. `settings.weekly.tue.0`.
 */
import { z } from 'zod/mini';
import { oneLine, storedText } from './validation';
import { canonicalTimezone } from './time-zone';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each number's smallest and largest accepted value. */
export const BOOKING_RANGES = {
  meetingMinutes: [15, 240],
  slotStepMinutes: [5, 240],
  bufferBeforeMinutes: [0, 240],
  bufferAfterMinutes: [0, 240],
  minNoticeHours: [0, 720],
  horizonDays: [1, 365],
  maxPerDay: [1, 48],
  cancelCutoffHours: [0, 168],
  reminderMinutes: [1, 10_080],
} as const satisfies Record<string, readonly [number, number]>;

export const BOOKING_LIMITS = {
  locationMax: 300,
  remindersMax: 3,
  /** Intervals in one day: more than a working day ever needs. */
  intervalsPerDayMax: 12,
  feedUrlMax: 2000,
} as const;

export const BOOKING_MESSAGES = {
  time: 'Times must be HH:MM on a 5-minute boundary, from 00:00 to 24:00',
  order: 'The end must be after the start',
  overlap: 'Intervals of one day must not overlap',
  intervals: `A day holds at most ${BOOKING_LIMITS.intervalsPerDayMax} intervals`,
  timezone: 'Choose a time zone such as Europe/London or America/New_York',
  location: 'Say where the call happens: a video-call address, "Phone call" or an address',
  locationMax: `The location must be at most ${BOOKING_LIMITS.locationMax} characters`,
  oneLine: 'Must be on one line',
  reminders: `Give at most ${BOOKING_LIMITS.remindersMax} reminders`,
  reminderSame: 'Each reminder must be at a different time',
  feedUrl: 'Paste the secret iCal address of your calendar, starting with https:// or http://',
  feedUrlHttps: 'The calendar address must start with https://',
  feedUrlPublic:
    'The calendar address must be on the internet, not a local or private network address',
  unavailable: 'Booking is not available.',
} as const;

/** Whole numbers from `min` to `max`, with one message naming the range. */
function whole(name: string, [min, max]: readonly [number, number], unit: string) {
  const message = `${name} must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));
}

/** "HH:MM" on a 5-minute boundary; "24:00" is the end of the day. */
const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5][05]|24:00)$/;
const time = z.string(BOOKING_MESSAGES.time).check(z.regex(TIME, BOOKING_MESSAGES.time));

/** Minutes since the day's midnight of a checked "HH:MM". */
export function minutesOfDay(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

const interval = z.tuple([time, time]).check(
  z.refine(([start, end]) => minutesOfDay(start) < minutesOfDay(end), {
    message: BOOKING_MESSAGES.order,
  }),
);

/**
 * One day's intervals. Their order is the owner's; an interval that overlaps (or touches
 * inside) an earlier one is refused at its own index, so the form marks the one to fix.
 */
const dayIntervals = z.array(interval).check(
  z.maxLength(BOOKING_LIMITS.intervalsPerDayMax, BOOKING_MESSAGES.intervals),
  z.superRefine((intervals, ctx) => {
    intervals.forEach(([start, end], index) => {
      const from = minutesOfDay(start);
      const to = minutesOfDay(end);
      if (from >= to) return;
      const clash = intervals
        .slice(0, index)
        .some(([s, e]) => minutesOfDay(s) < to && from < minutesOfDay(e));
      if (clash) {
        ctx.issues.push({
          code: 'custom',
          message: BOOKING_MESSAGES.overlap,
          path: [index],
          input: intervals[index],
        });
      }
    });
  }),
);

const weekly = z.object({
  mon: dayIntervals,
  tue: dayIntervals,
  wed: dayIntervals,
  thu: dayIntervals,
  fri: dayIntervals,
  sat: dayIntervals,
  sun: dayIntervals,
});
export type WeeklyHours = z.infer<typeof weekly>;

/**
 * An IANA zone, as the runtime spells it (shared/time-zone.ts): the owner's in the settings, the
 * visitor's on a booking (docs/booking.md).
 */
export const timezoneField = z.pipe(
  z.string(BOOKING_MESSAGES.timezone).check(z.trim()),
  z.transform((zone, ctx) => {
    const canonical = canonicalTimezone(zone);
    if (canonical === null) {
      ctx.issues.push({ code: 'custom', message: BOOKING_MESSAGES.timezone, input: zone });
      return z.NEVER;
    }
    return canonical;
  }),
);

/**
 * The calendar feed's address; blank is none. Apple's `webcal://` links are the same address
 * over https, so they are stored as such.
 */
const busyFeedUrl = z.pipe(
  z.nullable(
    storedText().check(
      z.trim(),
      z.maxLength(BOOKING_LIMITS.feedUrlMax, BOOKING_MESSAGES.feedUrl),
      oneLine(BOOKING_MESSAGES.feedUrl),
    ),
  ),
  z.transform((raw, ctx): string | null => {
    if (raw === null || raw === '') return null;
    const address = raw.replace(/^webcal:\/\//i, 'https://');
    if (!/^https?:\/\//i.test(address) || !URL.canParse(address)) {
      ctx.issues.push({ code: 'custom', message: BOOKING_MESSAGES.feedUrl, input: raw });
      return z.NEVER;
    }
    return new URL(address).href;
  }),
);

const reminderMinutes = z
  .array(whole('A reminder', BOOKING_RANGES.reminderMinutes, 'minutes'))
  .check(
    z.maxLength(BOOKING_LIMITS.remindersMax, BOOKING_MESSAGES.reminders),
    z.refine((values) => new Set(values).size === values.length, {
      message: BOOKING_MESSAGES.reminderSame,
    }),
  );

const location = storedText().check(
  z.trim(),
  z.maxLength(BOOKING_LIMITS.locationMax, BOOKING_MESSAGES.locationMax),
  oneLine(BOOKING_MESSAGES.oneLine),
);

export const bookingSettingsSchema = z
  .object({
    enabled: z.boolean('Enabled must be true or false'),
    timezone: timezoneField,
    meetingMinutes: whole('The meeting', BOOKING_RANGES.meetingMinutes, 'minutes'),
    slotStepMinutes: whole('The step', BOOKING_RANGES.slotStepMinutes, 'minutes'),
    bufferBeforeMinutes: whole('The buffer before', BOOKING_RANGES.bufferBeforeMinutes, 'minutes'),
    bufferAfterMinutes: whole('The buffer after', BOOKING_RANGES.bufferAfterMinutes, 'minutes'),
    minNoticeHours: whole('The notice', BOOKING_RANGES.minNoticeHours, 'hours'),
    horizonDays: whole('The horizon', BOOKING_RANGES.horizonDays, 'days'),
    maxPerDay: z.nullable(whole('The daily limit', BOOKING_RANGES.maxPerDay, 'calls')),
    weekly,
    location,
    cancelCutoffHours: whole('The cut-off', BOOKING_RANGES.cancelCutoffHours, 'hours'),
    reminderMinutes,
    busyFeedUrl,
  })
  .check(
    // A visitor must be told where the call happens; a draft while booking is off may be blank.
    z.superRefine((settings, ctx) => {
      if (settings.enabled && settings.location === '') {
        ctx.issues.push({
          code: 'custom',
          message: BOOKING_MESSAGES.location,
          path: ['location'],
          input: settings.location,
        });
      }
    }),
  );

export type BookingSettings = z.output<typeof bookingSettingsSchema>;
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;

/** The body of PUT /api/booking/settings (`booking.saveSettings`). */
export const bookingSettingsInput = z.object({ settings: bookingSettingsSchema });

const workday = (): [string, string][] => [['09:00', '17:00']];

/** The settings before the owner saves any: booking off, weekdays 09:00-17:00 in `timezone`. */
export function defaultBookingSettings(timezone: string): BookingSettings {
  return {
    enabled: false,
    timezone,
    meetingMinutes: 30,
    slotStepMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minNoticeHours: 12,
    horizonDays: 21,
    maxPerDay: null,
    weekly: {
      mon: workday(),
      tue: workday(),
      wed: workday(),
      thu: workday(),
      fri: workday(),
      sat: [],
      sun: [],
    },
    location: '',
    cancelCutoffHours: 2,
    reminderMinutes: [1440, 60],
    busyFeedUrl: null,
  };
}
