import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, defaultBookingSettings, type BookingSettings } from '#shared/booking';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { insertUser } from '#tests/support/users';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { feedState } from './busy-feed';

let deps: TestDeps;
let admin: Caller;
let visitor: Caller;

// The test clock starts on Thursday 15 January 2026, 10:00 UTC.
beforeEach(async () => {
  deps = await createTestDeps();
  admin = callerFor(deps, { cookie: await signedInCookie(deps) }).caller;
  visitor = callerFor(deps).caller;
});

const on = (edit: Partial<BookingSettings> = {}): BookingSettings => ({
  ...defaultBookingSettings('Europe/London'),
  enabled: true,
  location: 'https://meet.example/owner',
  ...edit,
});

describe('booking settings procedures', () => {
  it('show the defaults in SITE_TIMEZONE with no feed, then what was saved', async () => {
    expect(await admin.booking.settings()).toEqual({
      settings: defaultBookingSettings('UTC'),
      feed: { fetchedAt: null, error: null, busy: 0 },
    });
    const settings = on({ maxPerDay: 4 });
    expect(await admin.booking.saveSettings({ settings })).toEqual({ settings });
    expect((await admin.booking.settings()).settings).toEqual(settings);
  });

  it('refuse overlapping intervals and an unknown zone, naming each field', async () => {
    const settings = on({
      timezone: 'Mars/Olympus',
      weekly: {
        ...on().weekly,
        tue: [
          ['09:00', '12:00'],
          ['11:00', '13:00'],
        ],
      },
    });
    expect(await issuesOf(admin.booking.saveSettings({ settings }))).toEqual([
      { path: 'settings.weekly.tue.1', message: BOOKING_MESSAGES.overlap },
      { path: 'settings.timezone', message: BOOKING_MESSAGES.timezone },
    ]);
  });
});

describe('the feed address saved', () => {
  it('is refused on the private network in development too, naming the field; loopback is allowed', async () => {
    for (const busyFeedUrl of ['http://192.168.1.4/owner.ics', 'http://[::ffff:127.0.0.1]/x.ics']) {
      expect(await issuesOf(admin.booking.saveSettings({ settings: on({ busyFeedUrl }) }))).toEqual(
        [{ path: 'settings.busyFeedUrl', message: BOOKING_MESSAGES.feedUrlPublic }],
      );
    }
    expect((await admin.booking.settings()).settings.busyFeedUrl).toBeNull();
    const local = on({ busyFeedUrl: 'http://127.0.0.1:9/owner.ics', enabled: false });
    expect(await admin.booking.saveSettings({ settings: local })).toEqual({ settings: local });
  });

  it('is refused in production unless https and public, naming the field', async () => {
    deps = await createTestDeps({ config: testConfig({ production: true }) });
    await insertUser(deps, 'alice', 'alice@example.com');
    const owner = callerFor(deps, { cookie: await signedInCookie(deps, 'alice') }).caller;
    const save = (busyFeedUrl: string) =>
      owner.booking.saveSettings({ settings: on({ busyFeedUrl }) });
    expect(await issuesOf(save('http://calendar.example.com/owner.ics'))).toEqual([
      { path: 'settings.busyFeedUrl', message: BOOKING_MESSAGES.feedUrlHttps },
    ]);
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      'localhost',
    ]) {
      expect(await issuesOf(save(`https://${host}/owner.ics`)), host).toEqual([
        { path: 'settings.busyFeedUrl', message: BOOKING_MESSAGES.feedUrlPublic },
      ]);
    }
    const good = 'https://calendar.example.com/owner.ics';
    expect((await save(good)).settings.busyFeedUrl).toBe(good);
  });
});

describe('booking slots procedure', () => {
  it('is not found while booking is off', async () => {
    const error = await failure(visitor.booking.slots({}));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Booking is not available.']);
  });

  it('answers the next 14 days of the owner’s zone by default, at most 31 days', async () => {
    await admin.booking.saveSettings({
      settings: on({
        weekly: { ...on().weekly, mon: [['09:00', '10:00']], tue: [], wed: [], thu: [], fri: [] },
        horizonDays: 60,
        minNoticeHours: 0,
      }),
    });
    expect(await visitor.booking.slots({})).toEqual({
      timezone: 'Europe/London',
      meetingMinutes: 30,
      location: 'https://meet.example/owner',
      slots: [
        { start: '2026-01-19T09:00:00.000Z', end: '2026-01-19T09:30:00.000Z' },
        { start: '2026-01-19T09:30:00.000Z', end: '2026-01-19T10:00:00.000Z' },
        { start: '2026-01-26T09:00:00.000Z', end: '2026-01-26T09:30:00.000Z' },
        { start: '2026-01-26T09:30:00.000Z', end: '2026-01-26T10:00:00.000Z' },
      ],
    });
    expect((await visitor.booking.slots({ from: '2026-01-27', to: '2026-02-02' })).slots).toEqual([
      { start: '2026-02-02T09:00:00.000Z', end: '2026-02-02T09:30:00.000Z' },
      { start: '2026-02-02T09:30:00.000Z', end: '2026-02-02T10:00:00.000Z' },
    ]);
    expect(await issuesOf(visitor.booking.slots({ from: '2026-01-01', to: '2026-02-01' }))).toEqual(
      [
        {
          path: 'to',
          message: 'The range must end on or after its start and span at most 31 days',
        },
      ],
    );
    expect(await issuesOf(visitor.booking.slots({ from: '2026-02-30' }))).toEqual([
      { path: 'from', message: 'Dates must be YYYY-MM-DD' },
    ]);
  });
});

describe('booking slots with a calendar feed', () => {
  let server: Server;
  let url: string;
  let reads = 0;
  let body = '';
  /** Runs as the feed is asked, before it answers; the answer waits for what it returns. */
  let onRead: (() => Promise<unknown>) | undefined;

  beforeEach(async () => {
    reads = 0;
    body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:busy@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260119T090000Z',
      'DTEND:20260119T093000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    onRead = undefined;
    server = createServer((_req, res) => {
      reads += 1;
      void (onRead?.() ?? Promise.resolve()).then(() => res.end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/owner.ics`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the feed once for 20 requests at once, then again only after 5 minutes', async () => {
    await admin.booking.saveSettings({
      settings: on({
        weekly: { ...on().weekly, mon: [['09:00', '10:00']], tue: [], wed: [], thu: [], fri: [] },
        busyFeedUrl: url,
        bufferAfterMinutes: 0,
      }),
    });
    const ask = () =>
      callerFor(deps).caller.booking.slots({ from: '2026-01-19', to: '2026-01-19' });
    // More requests arrive while the calendar is being read: they find the read claimed and
    // no copy yet, and wait for it too. The calendar answers once they are done or have had a
    // second (CI saw one answer without slots when a request came after the claim, on sqld).
    let late: ReturnType<typeof ask>[] = [];
    onRead = () => {
      onRead = undefined;
      late = Array.from({ length: 5 }, ask);
      return Promise.race([
        Promise.allSettled(late),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]);
    };
    const answers = await Promise.all(Array.from({ length: 20 }, ask));
    answers.push(...(await Promise.all(late)));
    expect(answers).toHaveLength(25);
    expect(reads).toBe(1);
    for (const answer of answers) {
      expect(answer.slots).toEqual([
        { start: '2026-01-19T09:30:00.000Z', end: '2026-01-19T10:00:00.000Z' },
      ]);
    }

    deps.clock.advance(4 * 60_000);
    await visitor.booking.slots({});
    expect(reads).toBe(1);

    // Due again: the answer comes from the copy, the read runs behind it.
    body = body
      .replace('DTSTART:20260119T090000Z', 'DTSTART:20260119T093000Z')
      .replace('DTEND:20260119T093000Z', 'DTEND:20260119T100000Z');
    deps.clock.advance(60_000);
    const readAt = deps.clock.now().toISOString();
    await visitor.booking.slots({});
    await expect.poll(async () => (await feedState(deps.db, url)).fetchedAt).toBe(readAt);
    expect(reads).toBe(2);
    expect((await visitor.booking.slots({ from: '2026-01-19', to: '2026-01-19' })).slots).toEqual([
      { start: '2026-01-19T09:00:00.000Z', end: '2026-01-19T09:30:00.000Z' },
    ]);
  });
});
