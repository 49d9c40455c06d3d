import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { bookingSettings, users } from '#db/schema';
import { defaultBookingSettings, type BookingSettings } from '#shared/booking';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { readBookingSettings, storeBookingSettings } from './settings';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
});

/** What the settings procedure hands over: the request's context and its signed-in user. */
async function asAdmin() {
  await signedInCookie(deps, 'alice');
  const user = await deps.db.select().from(users).where(eq(users.username, 'alice')).get();
  if (!user) throw new Error('alice was not created');
  return { ...callerFor(deps).ctx, user: { id: user.id, username: user.username } };
}

describe('booking settings', () => {
  it('are the defaults in the site zone, booking off, until the first save', async () => {
    expect(await readBookingSettings(deps.db, 'Europe/Paris')).toEqual(
      defaultBookingSettings('Europe/Paris'),
    );
    expect(defaultBookingSettings('Europe/Paris')).toMatchObject({
      enabled: false,
      timezone: 'Europe/Paris',
      meetingMinutes: 30,
      weekly: { mon: [['09:00', '17:00']], fri: [['09:00', '17:00']], sat: [], sun: [] },
      reminderMinutes: [1440, 60],
      busyFeedUrl: null,
    });
  });

  it('are stored for every reader with their audit entry, and stored again over', async () => {
    const admin = await asAdmin();
    const first: BookingSettings = {
      ...defaultBookingSettings('Europe/London'),
      enabled: true,
      location: 'https://meet.example/owner',
      maxPerDay: 3,
    };
    await storeBookingSettings(admin, first);
    expect(await readBookingSettings(deps.db, 'UTC')).toEqual(first);
    await storeBookingSettings(admin, { ...first, enabled: false });
    expect((await readBookingSettings(deps.db, 'UTC')).enabled).toBe(false);
    const entries = (await auditEntries(deps.db)).filter(
      (entry) => entry.action === 'booking_settings_updated',
    );
    expect(entries.map((entry) => [entry.actor, entry.target])).toEqual([
      ['alice', 'booking on'],
      ['alice', 'booking off'],
    ]);
  });

  it('give a field missing from an older row its default, and ignore a row that breaks the rules', async () => {
    const older: Partial<BookingSettings> = {
      ...defaultBookingSettings('Asia/Tokyo'),
      meetingMinutes: 45,
    };
    delete older.busyFeedUrl;
    await writeTransaction(deps.db, (tx) =>
      tx
        .insert(bookingSettings)
        .values({ id: 1, settings: JSON.stringify(older), updatedAt: deps.clock.now() }),
    );
    expect(await readBookingSettings(deps.db, 'UTC')).toEqual({
      ...defaultBookingSettings('Asia/Tokyo'),
      meetingMinutes: 45,
    });
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(bookingSettings)
        .set({ settings: JSON.stringify({ ...older, enabled: true, meetingMinutes: 1 }) }),
    );
    expect(await readBookingSettings(deps.db, 'UTC')).toEqual(defaultBookingSettings('UTC'));
  });
});
