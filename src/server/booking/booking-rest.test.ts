/** The booking's REST paths (docs/api.md, "Booking a call" and "Bookings") through the whole app. */
import { beforeEach, describe, expect, it } from 'vitest';
import { CALL_MESSAGES } from '#shared/booking-request';
import { BOOKING_MESSAGES } from '#shared/booking';
import { mailsSettled } from '#server/platform/mail';
import type { App } from '#server/app/app';
import {
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { OWNER_SETTINGS, saveBookingSettings } from '#tests/support/booking-settings';
import { answer, invalid, rest, type RestOptions } from '#tests/support/rest';
import { insertUser } from '#tests/support/users';

/** Thursday 15 January 2026, 10:00 in London; Friday's 09:00 and 10:00 are slots. */
const NOW = new Date('2026-01-15T10:00:00Z');
const FRI_9 = '2026-01-16T09:00:00.000Z';
const FRI_10 = '2026-01-16T10:00:00.000Z';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let asAdmin: (method: string, path: string, opts?: RestOptions) => ReturnType<typeof rest>;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({
    mailer,
    // trustProxy: each test's X-Forwarded-For is the client's address the throttles count.
    config: testConfig({
      siteUrl: 'https://harbor.example',
      siteTimezone: 'Europe/London',
      trustProxy: true,
    }),
  }));
  deps.clock.set(NOW);
  await saveBookingSettings(deps.db, {}, NOW);
  await signIn();
});

/** A session that starts at the clock's time (a day later, the first one has lapsed). */
async function signIn() {
  const cookie = await signedInCookie(deps);
  asAdmin = (method, path, opts = {}) => rest(app, method, path, { ...opts, cookie });
}

const person = { name: 'Helen Marsh', email: 'helen@example.com', privacy: true };

async function bookedToken(): Promise<string> {
  expect(await rest(app, 'POST', '/api/booking', { json: { ...person, start: FRI_9 } })).toEqual(
    answer(201, {
      success: true,
      booking: {
        start: FRI_9,
        end: '2026-01-16T09:30:00.000Z',
        location: OWNER_SETTINGS.location,
        uid: expect.stringMatching(/^booking-\d+@harbor\.example$/),
      },
    }),
  );
  await mailsSettled(mailer);
  const token = /token=([\w-]{43})/.exec(mailer.sent[0]!.text)?.[1];
  if (!token) throw new Error('no manage link in the confirmation');
  return token;
}

describe('the visitor paths', () => {
  it('book, read, move and cancel through the manage link', async () => {
    const token = await bookedToken();
    const manage = await rest(app, 'GET', `/api/booking/manage?token=${token}`);
    expect(manage).toEqual(
      answer(200, {
        success: true,
        booking: {
          start: FRI_9,
          end: '2026-01-16T09:30:00.000Z',
          location: OWNER_SETTINGS.location,
          status: 'confirmed',
          timezone: null,
          canChange: true,
        },
      }),
    );
    expect(manage.headers.get('cache-control')).toBe('no-store');
    expect(
      await rest(app, 'POST', '/api/booking/reschedule', { json: { token, start: FRI_10 } }),
    ).toEqual(
      answer(200, {
        success: true,
        booking: expect.objectContaining({ start: FRI_10, status: 'confirmed' }) as unknown,
      }),
    );
    for (let i = 0; i < 2; i++) {
      expect(await rest(app, 'POST', '/api/booking/cancel', { json: { token } })).toEqual(
        answer(200, { success: true }),
      );
    }
  });

  it('answers 409 for a taken time, 400 naming the field, 404 for a dead link or booking off', async () => {
    await bookedToken();
    expect(
      await rest(app, 'POST', '/api/booking', {
        json: { ...person, email: 'b@example.com', start: FRI_9 },
        ip: '198.51.100.2',
      }),
    ).toEqual(answer(409, { success: false, message: CALL_MESSAGES.taken }));
    expect(
      await rest(app, 'POST', '/api/booking', { json: { ...person, start: 'tomorrow' } }),
    ).toEqual(answer(400, invalid([{ path: 'start', message: CALL_MESSAGES.start }])));
    expect(await rest(app, 'GET', '/api/booking/manage?token=short')).toEqual(
      answer(400, invalid([{ path: 'token', message: CALL_MESSAGES.token }])),
    );
    expect(await rest(app, 'GET', `/api/booking/manage?token=${'a'.repeat(43)}`)).toEqual(
      answer(404, { success: false, message: CALL_MESSAGES.notFound }),
    );
    await saveBookingSettings(deps.db, { enabled: false }, NOW);
    expect(await rest(app, 'POST', '/api/booking', { json: { ...person, start: FRI_10 } })).toEqual(
      answer(404, { success: false, message: BOOKING_MESSAGES.unavailable }),
    );
  });

  it('answers 400 naming `timezone` for a zone the server does not know, on booking and moving; nothing changes', async () => {
    const refused = invalid([{ path: 'timezone', message: BOOKING_MESSAGES.timezone }]);
    expect(
      await rest(app, 'POST', '/api/booking', {
        json: { ...person, start: FRI_9, timezone: 'Eastern/Nowhere' },
      }),
    ).toEqual(answer(400, refused));
    expect((await asAdmin('GET', '/api/bookings')).body).toMatchObject({ total: 0 });
    const token = await bookedToken();
    expect(
      await rest(app, 'POST', '/api/booking/reschedule', {
        json: { token, start: FRI_10, timezone: 42 },
      }),
    ).toEqual(answer(400, refused));
    expect(await rest(app, 'GET', `/api/booking/manage?token=${token}`)).toMatchObject({
      body: { booking: { start: FRI_9, timezone: null } },
    });
  });

  it('answers 429 with Retry-After past a throttle, and 409 for a third upcoming call', async () => {
    const token = await bookedToken();
    /** Friday's slots from 11:00 GMT, an hour apart. */
    const friday = (hour: number) => `2026-01-16T${String(hour).padStart(2, '0')}:00:00.000Z`;
    for (const hour of [10, 11, 12]) {
      const moved = await rest(app, 'POST', '/api/booking/reschedule', {
        json: { token, start: friday(hour) },
        ip: `198.51.100.${hour}`,
      });
      expect(moved.status).toBe(200);
    }
    const fourth = await rest(app, 'POST', '/api/booking/reschedule', {
      json: { token, start: friday(13) },
      ip: '198.51.100.13',
    });
    expect(fourth).toEqual(
      answer(429, {
        success: false,
        message:
          'This call has already been moved 3 times today. To move it again, please write to us. Try again in 1440 minutes.',
      }),
    );
    expect(fourth.headers.get('retry-after')).toBe('86400');

    const again = { ...person, email: 'HELEN@example.com', start: friday(14) };
    expect(
      (await rest(app, 'POST', '/api/booking', { json: again, ip: '198.51.100.2' })).status,
    ).toBe(201);
    expect(
      await rest(app, 'POST', '/api/booking', {
        json: { ...again, start: friday(15) },
        ip: '198.51.100.3',
      }),
    ).toEqual(answer(409, { success: false, message: CALL_MESSAGES.tooManyUpcoming }));

    // Six other people's calls, cancelled from one address: the sixth is 429.
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    for (let i = 0; i < 6; i++) {
      const start = `2026-01-19T${String(9 + i).padStart(2, '0')}:00:00.000Z`;
      const json = { ...person, email: `p${i}@example.com`, start };
      expect((await rest(app, 'POST', '/api/booking', { json, ip: `203.0.113.${i}` })).status).toBe(
        201,
      );
    }
    await mailsSettled(mailer);
    const tokens = mailer.sent.flatMap((mail) => /token=([\w-]{43})/.exec(mail.text)?.[1] ?? []);
    expect(tokens).toHaveLength(6);
    for (const link of tokens.slice(0, 5)) {
      const cancelled = await rest(app, 'POST', '/api/booking/cancel', {
        json: { token: link },
        ip: '192.0.2.1',
      });
      expect(cancelled.status).toBe(200);
    }
    const sixth = await rest(app, 'POST', '/api/booking/cancel', {
      json: { token: tokens[5] },
      ip: '192.0.2.1',
    });
    expect(sixth).toEqual(
      answer(429, {
        success: false,
        message: 'Too many cancellations from your address. Try again in 10 minutes.',
      }),
    );
    expect(sixth.headers.get('retry-after')).toBe('600');
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    expect(
      await rest(app, 'POST', '/api/booking', {
        json: { ...person, start: FRI_9, website: 'http://spam.example' },
      }),
    ).toEqual(answer(201, { success: true, booking: null }));
    expect((await asAdmin('GET', '/api/bookings')).body).toMatchObject({ total: 0 });
  });
});

describe('the admin paths', () => {
  it('list, cancel, and mark the outcome once the call has begun', async () => {
    await bookedToken();
    expect(await asAdmin('GET', '/api/bookings?scope=upcoming&page=1')).toEqual(
      answer(200, {
        success: true,
        bookings: [expect.objectContaining({ id: 1, start: FRI_9, status: 'confirmed' })],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    );
    expect((await asAdmin('GET', '/api/bookings?scope=later')).status).toBe(400);
    expect(await asAdmin('PATCH', '/api/bookings/1', { json: { status: 'completed' } })).toEqual(
      answer(409, { success: false, message: CALL_MESSAGES.notPast }),
    );
    deps.clock.set(new Date(FRI_9));
    await signIn();
    expect(await asAdmin('PATCH', '/api/bookings/1', { json: { status: 'completed' } })).toEqual(
      answer(200, {
        success: true,
        booking: expect.objectContaining({ status: 'completed' }) as unknown,
      }),
    );
    expect(await asAdmin('POST', '/api/bookings/1/cancel', { json: {} })).toEqual(
      answer(409, { success: false, message: CALL_MESSAGES.begun }),
    );
    expect(await asAdmin('POST', '/api/bookings/7/cancel')).toEqual(
      answer(404, { success: false, message: CALL_MESSAGES.notFound }),
    );
  });
});

describe('the manage page, GET /booking/manage', () => {
  const page = async (token: string) => {
    const response = await app.request(`/booking/manage?token=${token}`);
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  it('shows the call in the owner zone with its move and cancel parts; sends no referrer; changes nothing', async () => {
    const token = await bookedToken();
    const before = (await asAdmin('GET', '/api/bookings')).body;
    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.html).toContain(
      '<h1 data-heading class="text-2xl font-bold text-ink">Your call</h1>',
    );
    expect(shown.html).toContain('Friday 16 January 2026, 09:00 to 09:30 GMT');
    expect(shown.html).toContain(`data-token="${token}"`);
    expect(shown.html).toContain('Choose another time');
    expect(shown.html).toContain('Cancel the call');
    expect((await asAdmin('GET', '/api/bookings')).body).toEqual(before);
  });

  it('shows the call in the zone the visitor booked in, named, with ours beside it', async () => {
    await rest(app, 'POST', '/api/booking', {
      json: { ...person, start: FRI_9, timezone: 'America/New_York' },
    });
    await mailsSettled(mailer);
    const token = /token=([\w-]{43})/.exec(mailer.sent[0]!.text)![1]!;
    const shown = await page(token);
    expect(shown.html).toContain(
      'Friday 16 January 2026, 04:00 to 04:30 Eastern Standard Time (09:00 to 09:30 GMT, our time)',
    );
    // The page's script keeps that zone for the times to move to, and sends it with a move.
    expect(shown.html).toContain('data-zone="America/New_York"');
  });

  it('says when it is too late to change online, and shows a cancelled call without its forms', async () => {
    const token = await bookedToken();
    deps.clock.set(new Date('2026-01-16T07:30:00Z'));
    const late = await page(token);
    expect(late.html).toContain(CALL_MESSAGES.tooLate);
    expect(late.html).not.toContain('data-token=');
    deps.clock.set(NOW);
    await rest(app, 'POST', '/api/booking/cancel', { json: { token } });
    const cancelled = await page(token);
    expect(cancelled.html).toContain('This call is cancelled');
    expect(cancelled.html).not.toContain('Choose another time');
  });

  it('answers a dead or malformed link with the 404 page', async () => {
    for (const token of ['a'.repeat(43), 'short']) {
      const dead = await page(token);
      expect(dead.status).toBe(404);
      expect(dead.html).toContain('This link is not valid');
      expect(dead.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});

describe('PUT /api/booking/settings in production', () => {
  it('answers 400 on settings.busyFeedUrl for an http:// or non-public address, and keeps the settings', async () => {
    ({ app, deps } = await createTestApp({ config: testConfig({ production: true }) }));
    await insertUser(deps, 'alice', 'alice@example.com');
    const cookie = await signedInCookie(deps, 'alice');
    const put = (busyFeedUrl: string) =>
      rest(app, 'PUT', '/api/booking/settings', {
        cookie,
        json: { settings: { ...OWNER_SETTINGS, busyFeedUrl } },
      });
    const cases: [string, string][] = [
      ['http://calendar.example.com/owner.ics', BOOKING_MESSAGES.feedUrlHttps],
      ['https://127.0.0.1/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://2130706433/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://0x7f.1/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://[::ffff:127.0.0.1]/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://0.0.0.0/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://localhost/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
      ['https://10.0.0.5/owner.ics', BOOKING_MESSAGES.feedUrlPublic],
    ];
    for (const [address, message] of cases) {
      expect(await put(address), address).toEqual(
        answer(400, invalid([{ path: 'settings.busyFeedUrl', message }])),
      );
    }
    const stored = await rest(app, 'GET', '/api/booking/settings', { cookie });
    expect((stored.body as { settings: { busyFeedUrl: string | null } }).settings.busyFeedUrl).toBe(
      null,
    );
    const good = 'https://calendar.example.com/owner.ics';
    expect((await put(good)).status).toBe(200);
  });
});
