import { describe, expect, it } from 'vitest';
import { parseBusyFeed } from './feed-parse';

const january = {
  start: Date.parse('2026-01-01T00:00:00Z'),
  end: Date.parse('2026-02-01T00:00:00Z'),
};

function calendar(...events: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join(
    '\r\n',
  );
}

function event(uid: string, ...lines: string[]): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join(
    '\r\n',
  );
}

/** The busy times as `start/end` in UTC. */
function busy(text: string, owner = 'Europe/London', window = january): string[] {
  return parseBusyFeed(text, owner, window).map(
    (span) => `${new Date(span.start).toISOString()}/${new Date(span.end).toISOString()}`,
  );
}

describe('the busy feed', () => {
  it('repeats a TZID series, without its EXDATE, with a moved occurrence in its new place', () => {
    const text = calendar(
      event(
        'weekly@test',
        'DTSTART;TZID=Europe/Berlin:20260105T100000',
        'DTEND;TZID=Europe/Berlin:20260105T110000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=Europe/Berlin:20260112T100000',
      ),
      event(
        'weekly@test',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260119T100000',
        'DTSTART;TZID=Europe/Berlin:20260120T150000',
        'DTEND;TZID=Europe/Berlin:20260120T160000',
      ),
    );
    expect(busy(text)).toEqual([
      '2026-01-05T09:00:00.000Z/2026-01-05T10:00:00.000Z',
      '2026-01-20T14:00:00.000Z/2026-01-20T15:00:00.000Z',
      '2026-01-26T09:00:00.000Z/2026-01-26T10:00:00.000Z',
    ]);
  });

  it('frees a cancelled occurrence, a cancelled series and a transparent event', () => {
    const text = calendar(
      event(
        'daily@test',
        'DTSTART:20260105T080000Z',
        'DTEND:20260105T083000Z',
        'RRULE:FREQ=DAILY;COUNT=3',
      ),
      event(
        'daily@test',
        'RECURRENCE-ID:20260106T080000Z',
        'DTSTART:20260106T080000Z',
        'DTEND:20260106T083000Z',
        'STATUS:CANCELLED',
      ),
      event('gone@test', 'DTSTART:20260105T120000Z', 'DTEND:20260105T130000Z', 'STATUS:CANCELLED'),
      event(
        'free@test',
        'DTSTART:20260105T140000Z',
        'DTEND:20260105T150000Z',
        'TRANSP:TRANSPARENT',
      ),
    );
    expect(busy(text)).toEqual([
      '2026-01-05T08:00:00.000Z/2026-01-05T08:30:00.000Z',
      '2026-01-07T08:00:00.000Z/2026-01-07T08:30:00.000Z',
    ]);
  });

  it('makes an all-day event the whole day of the owner’s zone, and one without an end one day', () => {
    const text = calendar(
      event('holiday@test', 'DTSTART;VALUE=DATE:20260107', 'DTEND;VALUE=DATE:20260109'),
      event('day@test', 'DTSTART;VALUE=DATE:20260112'),
    );
    expect(busy(text, 'America/New_York')).toEqual([
      '2026-01-07T05:00:00.000Z/2026-01-09T05:00:00.000Z',
      '2026-01-12T05:00:00.000Z/2026-01-13T05:00:00.000Z',
    ]);
  });

  it('reads DURATION, floating times in the owner’s zone, and a zone only the feed defines', () => {
    const text = calendar(
      [
        'BEGIN:VTIMEZONE',
        'TZID:W. Europe Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010101T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
      ].join('\r\n'),
      event('long@test', 'DTSTART:20260108T130000Z', 'DURATION:PT1H30M'),
      event('floating@test', 'DTSTART:20260109T090000', 'DTEND:20260109T100000'),
      event(
        'outlook@test',
        'DTSTART;TZID=W. Europe Standard Time:20260110T100000',
        'DTEND;TZID=W. Europe Standard Time:20260110T103000',
      ),
    );
    expect(busy(text, 'America/New_York')).toEqual([
      '2026-01-08T13:00:00.000Z/2026-01-08T14:30:00.000Z',
      '2026-01-09T14:00:00.000Z/2026-01-09T15:00:00.000Z',
      '2026-01-10T09:00:00.000Z/2026-01-10T09:30:00.000Z',
    ]);
  });

  it('expands an endless series only up to the window’s end', () => {
    const text = calendar(
      event('standup@test', 'DTSTART:20251230T090000Z', 'DURATION:PT15M', 'RRULE:FREQ=DAILY'),
    );
    const window = {
      start: Date.parse('2026-01-02T00:00:00Z'),
      end: Date.parse('2026-01-04T00:00:00Z'),
    };
    expect(busy(text, 'UTC', window)).toEqual([
      '2026-01-02T09:00:00.000Z/2026-01-02T09:15:00.000Z',
      '2026-01-03T09:00:00.000Z/2026-01-03T09:15:00.000Z',
    ]);
    // A rule every minute since long ago is walked from the window, not from 1900; one every
    // second makes more occurrences in the window than a read looks at.
    const minutely = calendar(
      event('spam@test', 'DTSTART:19000101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY'),
    );
    expect(busy(minutely, 'UTC', window)).toEqual([
      '2026-01-02T00:00:00.000Z/2026-01-04T00:00:00.000Z',
    ]);
    const secondly = calendar(
      event('spam@test', 'DTSTART:19000101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
    );
    expect(() =>
      parseBusyFeed(secondly, 'UTC', january, { events: 10, occurrences: 1000 }),
    ).toThrow('more than 1,000 occurrences');
  });

  it('refuses text that is not iCalendar', () => {
    expect(() => parseBusyFeed('<html>Sign in</html>', 'UTC', january)).toThrow();
    expect(() => parseBusyFeed('', 'UTC', january)).toThrow();
    expect(() => parseBusyFeed('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', 'UTC', january)).toThrow();
  });
});
