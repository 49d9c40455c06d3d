/**
 * One booking per slot whatever arrives at once (docs/booking.md): the slot is taken in the
 * booking's write, so whether twenty requests for it get one booking depends on the driver.
 * On both drivers (vite.config.ts, SQLD_TESTS); the other booking rules are in
 * call-router.test.ts.
 */
import { TRPCError } from '@trpc/server';
import { beforeEach, expect, it } from 'vitest';
import { bookings, leads, throttleEvents } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import { book, deps, setUpBooking } from '#tests/support/booking-call-fixtures';

beforeEach(setUpBooking);

it('gives a slot to exactly one of twenty requests at once; the others are told it is taken', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      book({ email: `v${i}@example.com` }, `198.51.100.${i + 1}`),
    ),
  );
  const booked = results.filter((r) => r.status === 'fulfilled');
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(booked).toHaveLength(1);
  expect(refused.map((e: Error) => e.message)).toEqual(Array(19).fill(CALL_MESSAGES.taken));
  expect(await deps.db.select().from(bookings).all()).toHaveLength(1);
  // Refused ones are not counted against their addresses, and made no lead.
  expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(1);
  expect(await deps.db.select().from(leads).all()).toHaveLength(1);
});

it('refuses a taken time to the site’s own address as to any other (the address is checked last)', async () => {
  await book();
  const refusals = await Promise.all(
    ['someone@example.com', 'DANA@harbor.example'].map((email) =>
      book({ email }, '203.0.113.67').then(
        () => 'booked',
        (error: unknown) => (error instanceof TRPCError ? error.code : 'other'),
      ),
    ),
  );
  expect(refusals).toEqual(['CONFLICT', 'CONFLICT']);
});
