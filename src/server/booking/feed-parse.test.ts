import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { FEED_LIMITS, FeedLimitError } from './feed-limits';
import { parseBusyFeed, readBusyFeedText, withoutShortGaps } from './feed-parse';

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

/** The starts ical.js gives walking `rule` from its DTSTART, as the parse did before. */
function walkedFromStart(dtstart: string, rule: string, window: { start: number; end: number }) {
  const text = calendar(event('oracle@test', dtstart, 'DURATION:PT1M', rule));
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  const first = vevent?.getFirstPropertyValue('dtstart');
  if (!vevent || !(first instanceof ICAL.Time)) throw new Error('no event');
  const zone = /TZID=([^:]+)/.exec(dtstart)?.[1] ?? 'UTC';
  const starts: number[] = [];
  const expansion = new ICAL.RecurExpansion({ component: vevent, dtstart: first });
  for (let next = expansion.next(); next; next = expansion.next()) {
    const { year, month, day, hour, minute, second } = next;
    const start = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
    if (start.toMillis() >= window.end) break;
    if (start.toMillis() + 60_000 > window.start) starts.push(start.toMillis());
  }
  return starts;
}

describe('a series walked from the window', () => {
  const july = {
    start: Date.parse('2026-07-01T00:00:00Z'),
    end: Date.parse('2026-07-15T00:00:00Z'),
  };

  it('gives the occurrences a walk from its first date gives, for every kind of rule', () => {
    const cases: [string, string][] = [
      ['DTSTART;TZID=Europe/Berlin:20120102T100000', 'RRULE:FREQ=WEEKLY'],
      ['DTSTART;TZID=Europe/Berlin:19990104T100000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE'],
      ['DTSTART;TZID=Europe/Berlin:19950103T080000', 'RRULE:FREQ=DAILY;INTERVAL=3'],
      ['DTSTART;TZID=America/New_York:20000101T090000', 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'],
      ['DTSTART;TZID=Europe/Berlin:20260601T000300', 'RRULE:FREQ=MINUTELY;INTERVAL=7'],
      ['DTSTART;TZID=Europe/Berlin:20260302T013000', 'RRULE:FREQ=HOURLY;INTERVAL=5'],
      ['DTSTART;TZID=Europe/Berlin:19800125T140000', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
      ['DTSTART;TZID=Europe/Berlin:19800131T140000', 'RRULE:FREQ=MONTHLY;INTERVAL=5'],
      ['DTSTART:19720701T120000Z', 'RRULE:FREQ=YEARLY;BYMONTH=7;BYDAY=2MO,2TU'],
      ['DTSTART:19960229T120000Z', 'RRULE:FREQ=YEARLY;INTERVAL=3'],
      ['DTSTART:19850614T120000Z', 'RRULE:FREQ=DAILY;INTERVAL=2;BYMONTH=7'],
      ['DTSTART:19850614T120000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=-1'],
    ];
    for (const [dtstart, rule] of cases) {
      const text = calendar(event('series@test', dtstart, 'DURATION:PT1M', rule));
      // Both with the gaps too short for a meeting closed (every 7 minutes is one long span).
      const expected = walkedFromStart(dtstart, rule, july).map((start) => ({
        start,
        end: start + 60_000,
      }));
      expect(parseBusyFeed(text, 'UTC', july), `${dtstart} ${rule}`).toEqual(
        withoutShortGaps(expected),
      );
    }
  });

  it('looks at no more occurrences for a weekly meeting since 2012 than for one since last week', () => {
    const weekly = (since: string) =>
      readBusyFeedText(
        calendar(
          event('weekly@test', `DTSTART:${since}T100000Z`, 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY'),
        ),
        'UTC',
        july,
      );
    // Both are Mondays: 2 January 2012 and 22 June 2026.
    const old = weekly('20120102');
    const recent = weekly('20260622');
    expect(old.busy).toEqual(recent.busy);
    expect(old.busy).toHaveLength(2);
    expect(old.looked).toBeLessThanOrEqual(recent.looked);
    // A daily series since 1972 is walked from the window too.
    const daily = readBusyFeedText(
      calendar(
        event('daily@test', 'DTSTART:19720101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY'),
      ),
      'UTC',
      july,
    );
    expect(daily.busy).toHaveLength(14);
    expect(daily.looked).toBeLessThan(30);
  });

  it('stores a few busy times for thousands of short events too close for any meeting between', () => {
    // Four series of one-second events every minute: over 70,000 occurrences in the window,
    // which used to be as many busy times to store and to read at every request for slots.
    const text = calendar(
      ...[0, 1, 2, 3].map((i) =>
        event(
          `minutely-${i}@test`,
          `DTSTART:2026070${i + 1}T000000Z`,
          'DURATION:PT1S',
          'RRULE:FREQ=MINUTELY',
        ),
      ),
    );
    const { busy: spans, looked } = readBusyFeedText(text, 'UTC', july);
    expect(looked).toBeGreaterThan(50_000);
    expect(spans).toEqual([
      { start: Date.parse('2026-07-01T00:00:00Z'), end: july.end + 1_000 - 60_000 },
    ]);
  });

  it('closes only the free gaps shorter than the shortest meeting (15 minutes)', () => {
    const at = (minute: number) => minute * 60_000;
    expect(
      withoutShortGaps([
        { start: at(0), end: at(10) },
        { start: at(24), end: at(30) },
        { start: at(45), end: at(50) },
      ]),
    ).toEqual([
      { start: at(0), end: at(30) },
      { start: at(45), end: at(50) },
    ]);
  });

  it('keeps an EXDATE in the window of a series with an RDATE long before it', () => {
    // ical.js moves through EXDATEs one per occurrence it gives: a series walked from a later
    // start with an old RDATE left next week's EXDATE behind, and the hour stayed busy.
    // Ten Mondays of 2015 taken out, as an old series has.
    const old = Array.from(
      { length: 10 },
      (_, i) =>
        `EXDATE:${DateTime.utc(2015, 1, 12).plus({ weeks: i }).toFormat("yyyyMMdd'T'100000'Z'")}`,
    );
    const text = calendar(
      event(
        'rdate@test',
        'DTSTART:20150105T100000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY',
        'RDATE:20141231T100000Z',
        ...old,
        'EXDATE:20260706T100000Z',
      ),
    );
    const spans = busy(text, 'UTC', july);
    expect(spans).not.toContain('2026-07-06T10:00:00.000Z/2026-07-06T11:00:00.000Z');
    expect(spans).toContain('2026-07-13T10:00:00.000Z/2026-07-13T11:00:00.000Z');
  });

  it('keeps EXDATE, moved occurrences, UNTIL and COUNT of a series begun long ago', () => {
    const text = calendar(
      event(
        'old@test',
        'DTSTART;TZID=Europe/Berlin:20120702T100000',
        'DTEND;TZID=Europe/Berlin:20120702T110000',
        'RRULE:FREQ=WEEKLY;UNTIL=20260710T000000Z',
        'EXDATE;TZID=Europe/Berlin:20260706T100000',
      ),
      event(
        'old@test',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260629T100000',
        'DTSTART;TZID=Europe/Berlin:20260701T150000',
        'DTEND;TZID=Europe/Berlin:20260701T160000',
      ),
      // 15 days from 21 June: the last is 5 July, counted from the real first date.
      event(
        'counted@test',
        'DTSTART:20260621T060000Z',
        'DURATION:PT30M',
        'RRULE:FREQ=DAILY;COUNT=15',
      ),
      // Ten weeks from 2012: long over.
      event(
        'over@test',
        'DTSTART:20120102T060000Z',
        'DURATION:PT30M',
        'RRULE:FREQ=WEEKLY;COUNT=10',
      ),
    );
    const spans = busy(text, 'UTC', july);
    expect(spans.filter((span) => !span.includes('T06:'))).toEqual([
      '2026-07-01T13:00:00.000Z/2026-07-01T14:00:00.000Z',
    ]);
    expect(spans.filter((span) => span.includes('T06:'))).toEqual(
      ['01', '02', '03', '04', '05'].map(
        (day) => `2026-07-${day}T06:00:00.000Z/2026-07-${day}T06:30:00.000Z`,
      ),
    );
  });

  it('refuses a feed of more events than a read takes', () => {
    const events = Array.from({ length: 6 }, (_, i) =>
      event(`e${i}@test`, 'DTSTART:20260105T080000Z', 'DURATION:PT1H'),
    );
    const limits = { events: 5, occurrences: 100 };
    expect(() => parseBusyFeed(calendar(...events), 'UTC', january, limits)).toThrow(
      new FeedLimitError('The calendar has more than 5 events, more than this site reads.'),
    );
    expect(parseBusyFeed(calendar(...events.slice(1)), 'UTC', january, limits)).toHaveLength(1);
    expect(FEED_LIMITS).toEqual({ events: 5_000, occurrences: 200_000 });
  });
});
