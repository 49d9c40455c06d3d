import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookingFeeds, bookings, leads } from '#db/schema';
import { defaultBookingSettings, type BookingSettings } from '#shared/booking';
import type { BookingStatus } from '#shared/booking-values';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { freeSlots, isFreeSlot } from './free-slots';

let deps: TestDeps;
const now = new Date('2026-01-12T06:00:00Z');
const monday = { from: '2026-01-12', to: '2026-01-12' };

const owner: BookingSettings = {
  ...defaultBookingSettings('UTC'),
  enabled: true,
  location: 'Phone call',
  minNoticeHours: 0,
  bufferAfterMinutes: 0,
  weekly: { ...defaultBookingSettings('UTC').weekly, mon: [['09:00', '11:00']] },
};

beforeEach(async () => {
  deps = await createTestDeps();
});

/** A booking 30 minutes long from `start`, in `status`; its id. */
async function book(start: string, status: BookingStatus = 'confirmed'): Promise<number> {
  const at = new Date(start);
  return writeTransaction(deps.db, async (tx) => {
    const lead = await tx
      .insert(leads)
      .values({
        email: `visitor-${at.getTime()}-${status}@example.com`,
        name: 'Visitor',
        createdAt: now,
        lastActivityAt: now,
      })
      .returning({ id: leads.id })
      .get();
    const row = await tx
      .insert(bookings)
      .values({
        leadId: lead.id,
        name: 'Visitor',
        email: 'visitor@example.com',
        start: at,
        end: new Date(at.getTime() + 30 * 60_000),
        location: 'Phone call',
        status,
        tokenHash: `hash-${at.getTime()}-${status}`,
        updatedAt: now,
      })
      .returning({ id: bookings.id })
      .get();
    return row.id;
  });
}

async function startsOf(settings: BookingSettings, excludeBookingId?: number) {
  const slots = await freeSlots(deps.db, settings, monday, now, { excludeBookingId });
  return slots.map((slot) => slot.start.toISOString().slice(11, 16));
}

describe('free slots', () => {
  it('leave out confirmed bookings only, and the one being moved when asked', async () => {
    await book('2026-01-12T09:30:00Z', 'cancelled');
    const id = await book('2026-01-12T10:00:00Z');
    expect(await startsOf(owner)).toEqual(['09:00', '09:30', '10:30']);
    expect(await startsOf(owner, id)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(await startsOf({ ...owner, maxPerDay: 1 })).toEqual([]);
    expect(await startsOf({ ...owner, maxPerDay: 1 }, id)).toHaveLength(4);
  });

  it('are none while a feed is set and was never read, then follow its stored copy', async () => {
    const url = 'https://calendar.example/secret.ics';
    const withFeed = { ...owner, busyFeedUrl: url };
    expect(await startsOf(withFeed)).toEqual([]);
    await writeTransaction(deps.db, (tx) =>
      tx.insert(bookingFeeds).values({ url, attemptedAt: now, error: 'HTTP 500' }),
    );
    expect(await startsOf(withFeed)).toEqual([]);
    const busy = [[Date.parse('2026-01-12T09:15:00Z'), Date.parse('2026-01-12T09:45:00Z')]];
    await writeTransaction(deps.db, (tx) =>
      tx.update(bookingFeeds).set({ busy: JSON.stringify(busy), fetchedAt: now }),
    );
    expect(await startsOf(withFeed)).toEqual(['10:00', '10:30']);
    // Another address's copy is not this one's.
    expect(await startsOf({ ...owner, busyFeedUrl: 'https://other.example/cal.ics' })).toEqual([]);
  });

  it('answer whether one start is a slot, inside a write as a booking asks', async () => {
    const id = await book('2026-01-12T10:00:00Z');
    const ask = (start: string, excludeBookingId?: number) =>
      writeTransaction(deps.db, (tx) =>
        isFreeSlot(tx, owner, new Date(start), now, { excludeBookingId }),
      );
    expect(await ask('2026-01-12T09:30:00Z')).toBe(true);
    expect(await ask('2026-01-12T09:45:00Z')).toBe(false);
    expect(await ask('2026-01-12T10:00:00Z')).toBe(false);
    expect(await ask('2026-01-12T10:00:00Z', id)).toBe(true);
    expect(await ask('2026-01-12T11:00:00Z')).toBe(false);
    expect(
      await isFreeSlot(
        deps.db,
        owner,
        new Date('2026-01-12T09:00:00Z'),
        new Date('2026-01-12T09:01:00Z'),
      ),
    ).toBe(false);
  });
});
