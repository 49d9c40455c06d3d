/**
 * Booking settings as an owner saves them (docs/booking.md), written straight to their row so
 * the booking tests start from a known week: weekdays 09:00-17:00 in London, no buffers.
 */
import { writeTransaction, type Db } from '#db';
import { bookingSettings } from '#db/schema';

export const OWNER_SETTINGS = {
  enabled: true,
  timezone: 'Europe/London',
  meetingMinutes: 30,
  slotStepMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 21,
  maxPerDay: null,
  weekly: {
    mon: [['09:00', '17:00']],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '17:00']],
    sat: [],
    sun: [],
  },
  location: 'https://meet.example/harbor',
  cancelCutoffHours: 2,
  reminderMinutes: [1440, 60],
  busyFeedUrl: null,
};

export async function saveBookingSettings(
  db: Db,
  changes: Partial<typeof OWNER_SETTINGS> = {},
  now = new Date(),
): Promise<void> {
  const settings = JSON.stringify({ ...OWNER_SETTINGS, ...changes });
  await writeTransaction(db, (tx) =>
    tx
      .insert(bookingSettings)
      .values({ id: 1, settings, updatedAt: now })
      .onConflictDoUpdate({ target: bookingSettings.id, set: { settings } }),
  );
}
