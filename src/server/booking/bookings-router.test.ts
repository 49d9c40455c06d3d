/**
 * The owner's Bookings (docs/api.md, "Bookings"): the lists' order and paging, cancelling with
 * a message the visitor receives with the calendar's cancellation, and the outcome of a call
 * once it has begun; each change audited, every path closed to visitors.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, bookings } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { OWNER_SETTINGS, saveBookingSettings } from '#tests/support/booking-settings';

const NOW = new Date('2026-06-01T06:00:00Z');
/** Tuesday 2 June from 09:00 BST, on the hour. */
const tuesdayAt = (hourUtc: number) => `2026-06-02T${String(hourUtc).padStart(2, '0')}:00:00.000Z`;

let deps: TestDeps;
let mailer: RecordingMailer;
let admin: Caller;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({ siteUrl: 'https://harbor.example', siteTimezone: 'Europe/London' }),
  });
  deps.clock.set(NOW);
  await saveBookingSettings(deps.db, {}, NOW);
  admin = await adminCaller(deps);
});

async function bookAt(hourUtc: number, name = `Visitor ${hourUtc}`, timezone?: string) {
  await callerFor(deps, { ip: `198.51.100.${hourUtc}` }).caller.booking.book({
    start: tuesdayAt(hourUtc),
    timezone,
    name,
    email: `v${hourUtc}@example.com`,
    privacy: true,
  });
}

describe('bookings.list', () => {
  it('lists upcoming soonest first and past latest first, 50 a page', async () => {
    for (const hour of [10, 8, 9]) await bookAt(hour);
    const upcoming = await admin.bookings.list({ scope: 'upcoming' });
    expect(upcoming).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(upcoming.bookings.map((b) => b.start)).toEqual([8, 9, 10].map(tuesdayAt));
    expect(upcoming.bookings[0]).toMatchObject({
      name: 'Visitor 8',
      email: 'v8@example.com',
      status: 'confirmed',
      location: OWNER_SETTINGS.location,
    });
    // Once a call has ended it is past.
    deps.clock.set(new Date('2026-06-02T09:45:00Z'));
    expect((await admin.bookings.list({ scope: 'upcoming' })).bookings).toHaveLength(1);
    const past = await admin.bookings.list({ scope: 'past' });
    expect(past.bookings.map((b) => b.start)).toEqual([9, 8].map(tuesdayAt));
    expect((await admin.bookings.list({ scope: 'past', page: 2 })).bookings).toEqual([]);
  });

  it('is closed to visitors: 401 on every path', async () => {
    await bookAt(8);
    const visitor = callerFor(deps).caller.bookings;
    for (const call of [
      () => visitor.list({}),
      () => visitor.cancel({ id: 1 }),
      () => visitor.setOutcome({ id: 1, status: 'completed' }),
    ]) {
      expect((await failure(call())).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('bookings.cancel', () => {
  it('cancels with the owner message, tells the visitor with the calendar cancellation, and audits', async () => {
    await bookAt(8);
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    expect(await admin.bookings.cancel({ id: 1, message: 'I am unwell, sorry.' })).toEqual({
      success: true,
    });
    expect(await deps.db.select().from(bookings).get()).toMatchObject({
      status: 'cancelled',
      sequence: 1,
      cancelReason: 'I am unwell, sorry.',
    });
    await mailsSettled(mailer);
    const [mail] = mailer.sent.filter((m) => m.to === 'v8@example.com');
    expect(mail!.calendar?.method).toBe('CANCEL');
    expect(mail!.text).toContain('> I am unwell, sorry.');
    expect(await deps.db.select().from(auditEvents).all()).toMatchObject([
      { action: 'booking_cancelled', target: 'booking 1', actor: 'admin' },
    ]);
    // Again: nothing more happens.
    mailer.sent.length = 0;
    await admin.bookings.cancel({ id: 1 });
    await mailsSettled(mailer);
    expect(mailer.sent).toEqual([]);
  });

  it("writes the visitor's mail in the zone they booked in", async () => {
    await bookAt(8, 'Ivy Quinn', 'Asia/Tokyo');
    await mailsSettled(mailer);
    mailer.sent.length = 0;
    await admin.bookings.cancel({ id: 1 });
    await mailsSettled(mailer);
    const [mail] = mailer.sent.filter((m) => m.to === 'v8@example.com');
    expect(mail!.subject).toMatch(/, 17:00 to 17:30 Japan Standard Time$/);
  });

  it('answers 404 to an unknown booking and 409 once the call has begun', async () => {
    expect((await failure(admin.bookings.cancel({ id: 9 }))).code).toBe('NOT_FOUND');
    await bookAt(8);
    deps.clock.set(new Date(tuesdayAt(8)));
    const error = await failure(admin.bookings.cancel({ id: 1 }));
    expect([error.code, error.message]).toEqual(['CONFLICT', CALL_MESSAGES.begun]);
  });
});

describe('bookings.setOutcome', () => {
  it('marks a call completed or missed once it has begun, not before; audited', async () => {
    await bookAt(8);
    const early = await failure(admin.bookings.setOutcome({ id: 1, status: 'no_show' }));
    expect([early.code, early.message]).toEqual(['CONFLICT', CALL_MESSAGES.notPast]);
    deps.clock.set(new Date(tuesdayAt(8)));
    expect(await admin.bookings.setOutcome({ id: 1, status: 'no_show' })).toMatchObject({
      id: 1,
      status: 'no_show',
    });
    expect(await admin.bookings.setOutcome({ id: 1, status: 'completed' })).toMatchObject({
      status: 'completed',
    });
    const audit = await deps.db.select().from(auditEvents).all();
    expect(audit.map((e) => [e.action, e.target])).toEqual([
      ['booking_updated', 'booking 1: no_show'],
      ['booking_updated', 'booking 1: completed'],
    ]);
  });
});
