/**
 * What the tests of booking a call share (src/server/booking/call-router.test.ts,
 * call-booking-at-once.test.ts): a site taking bookings with the owner's weekly hours, on the test
 * clock, and a visitor who books. `deps` and `mailer` are live bindings, set by `setUpBooking`.
 */
import type { BookingInput } from '#shared/booking-request';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { OWNER_SETTINGS, saveBookingSettings } from '#tests/support/booking-settings';

export const HOUR = 3_600_000;
/** Monday 1 June 2026, 07:00 in London (BST). */
export const NOW = new Date('2026-06-01T06:00:00Z');
/** Tuesday 2 June, 09:00 and 10:00 BST: slots of the weekly hours below. */
export const TUE_9 = '2026-06-02T08:00:00.000Z';
export const TUE_10 = '2026-06-02T09:00:00.000Z';

export const visitor: BookingInput = {
  start: TUE_9,
  name: 'Helen Marsh',
  email: 'helen@example.com',
  company: 'Marsh & Co',
  message: 'About forecasting our orders.',
  privacy: true,
};

export let deps: TestDeps;
export let mailer: RecordingMailer;

export const saveSettings = (changes: Partial<typeof OWNER_SETTINGS> = {}) =>
  saveBookingSettings(deps.db, changes, NOW);

/** A site taking bookings on the clock at NOW: each test's `beforeEach`. */
export async function setUpBooking(): Promise<void> {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({
      siteUrl: 'https://harbor.example',
      replyTo: 'dana@harbor.example',
      contactNotifyTo: 'dana@harbor.example',
      siteTimezone: 'Europe/London',
    }),
  });
  deps.clock.set(NOW);
  await saveSettings();
}

export const visitorCaller = (ip = '198.51.100.1') => callerFor(deps, { ip }).caller.booking;
export const book = (input: Partial<BookingInput> = {}, ip?: string) =>
  visitorCaller(ip).book({ ...visitor, ...input });
