import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingSettingsInput,
  defaultBookingSettings,
  type BookingSettings,
} from './booking';

function settings(edit: (s: BookingSettings) => void = () => {}): BookingSettings {
  const copy = {
    ...defaultBookingSettings('Europe/London'),
    enabled: true,
    location: 'Phone call',
  };
  edit(copy);
  return copy;
}

/** The issues of a PUT body, as `path: message`. */
function issues(body: unknown): string[] {
  const result = bookingSettingsInput.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('booking settings input', () => {
  it('accepts the defaults with a location, the zone as the runtime spells it', () => {
    const parsed = bookingSettingsInput.parse({
      settings: settings((s) => (s.timezone = 'europe/london')),
    });
    expect(parsed.settings).toEqual(settings());
  });

  it('keeps a zone as given, not as an older alias (Node 20 reads Asia/Kolkata as Asia/Calcutta)', () => {
    const parsed = bookingSettingsInput.parse({
      settings: settings((s) => (s.timezone = 'Asia/Kolkata')),
    });
    expect(parsed.settings.timezone).toBe('Asia/Kolkata');
  });

  it('refuses times off the 5-minute grid or past 24:00, names the interval', () => {
    const body = {
      settings: settings((s) => {
        s.weekly.tue = [
          ['09:00', '12:02'],
          ['13:00', '24:05'],
        ];
        s.weekly.sat = [['00:00', '24:00']];
      }),
    };
    expect(issues(body)).toEqual([
      `settings.weekly.tue.0.1: ${BOOKING_MESSAGES.time}`,
      `settings.weekly.tue.1.1: ${BOOKING_MESSAGES.time}`,
    ]);
  });

  it('refuses an interval that ends before it starts, and one overlapping an earlier one', () => {
    const body = {
      settings: settings((s) => {
        s.weekly.tue = [
          ['13:00', '17:00'],
          ['09:00', '13:05'],
          ['17:00', '18:00'],
        ];
        s.weekly.wed = [['12:00', '12:00']];
      }),
    };
    expect(issues(body)).toEqual([
      `settings.weekly.tue.1: ${BOOKING_MESSAGES.overlap}`,
      `settings.weekly.wed.0: ${BOOKING_MESSAGES.order}`,
    ]);
  });

  it('refuses a zone that does not exist', () => {
    expect(issues({ settings: settings((s) => (s.timezone = 'Europe/Atlantis')) })).toEqual([
      `settings.timezone: ${BOOKING_MESSAGES.timezone}`,
    ]);
  });

  it('asks for a location only when booking is on, and at most 300 characters', () => {
    expect(issues({ settings: settings((s) => (s.location = '  ')) })).toEqual([
      `settings.location: ${BOOKING_MESSAGES.location}`,
    ]);
    expect(issues({ settings: settings((s) => ((s.location = ''), (s.enabled = false))) })).toEqual(
      [],
    );
    expect(issues({ settings: settings((s) => (s.location = 'x'.repeat(301))) })).toEqual([
      `settings.location: ${BOOKING_MESSAGES.locationMax}`,
    ]);
  });

  it('keeps each number in its range', () => {
    const body = {
      settings: settings((s) => {
        s.meetingMinutes = 10;
        s.slotStepMinutes = 2.5;
        s.horizonDays = 366;
        s.maxPerDay = 0;
      }),
    };
    expect(issues(body)).toEqual([
      'settings.meetingMinutes: The meeting must be a whole number of minutes from 15 to 240',
      'settings.slotStepMinutes: The step must be a whole number of minutes from 5 to 240',
      'settings.horizonDays: The horizon must be a whole number of days from 1 to 365',
      'settings.maxPerDay: The daily limit must be a whole number of calls from 1 to 48',
    ]);
  });

  it('takes at most 3 different reminders of 1 to 10,080 minutes', () => {
    expect(issues({ settings: settings((s) => (s.reminderMinutes = [10_081])) })).toEqual([
      'settings.reminderMinutes.0: A reminder must be a whole number of minutes from 1 to 10080',
    ]);
    expect(issues({ settings: settings((s) => (s.reminderMinutes = [1, 2, 3, 4])) })).toEqual([
      `settings.reminderMinutes: ${BOOKING_MESSAGES.reminders}`,
    ]);
    expect(issues({ settings: settings((s) => (s.reminderMinutes = [60, 60])) })).toEqual([
      `settings.reminderMinutes: ${BOOKING_MESSAGES.reminderSame}`,
    ]);
    expect(issues({ settings: settings((s) => (s.reminderMinutes = [])) })).toEqual([]);
  });

  it('takes an http(s) feed address, blank as none, webcal as https', () => {
    const feed = (url: string | null) =>
      bookingSettingsInput.parse({ settings: settings((s) => (s.busyFeedUrl = url)) }).settings
        .busyFeedUrl;
    expect(feed(' https://calendar.example/ical/secret/basic.ics ')).toBe(
      'https://calendar.example/ical/secret/basic.ics',
    );
    expect(feed('webcal://p01-caldav.icloud.com/published/2/abc')).toBe(
      'https://p01-caldav.icloud.com/published/2/abc',
    );
    expect(feed('')).toBeNull();
    expect(feed(null)).toBeNull();
    for (const bad of ['ftp://example.com/cal.ics', 'calendar.example/basic.ics', 'https://']) {
      expect(issues({ settings: settings((s) => (s.busyFeedUrl = bad)) })).toEqual([
        `settings.busyFeedUrl: ${BOOKING_MESSAGES.feedUrl}`,
      ]);
    }
  });
});
