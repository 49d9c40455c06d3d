/**
 * The booking's throttles and caps for requests sent at once (docs/booking.md, "Throttles and
 * caps"): each count is taken in the write that books or moves, so whether twenty requests at
 * once get more than the limit depends on the driver's transactions. On both drivers
 * (vite.config.ts, SQLD_TESTS); the rules one request at a time are in booking-limits.test.ts.
 */
import { beforeEach, expect, it } from 'vitest';
import { bookings, leads } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import {
  atOnce,
  bookedTokens,
  calls,
  deps,
  person,
  setUpBooking,
  slots,
} from '#tests/support/booking-limits-fixtures';

beforeEach(setUpBooking);

it('gives twenty bookings sent at once from one address exactly 5; the others 429', async () => {
  const starts = slots(2).concat(slots(3, 4));
  const outcome = await atOnce(
    starts.map((start, i) => calls('198.51.100.1').book({ ...person(i), start })),
  );
  expect(outcome.done).toBe(5);
  expect(outcome.refused).toEqual(
    Array(15).fill('TOO_MANY_REQUESTS: Too many bookings from your address.'),
  );
  expect(await deps.db.select().from(bookings).all()).toHaveLength(5);
});

it('gives twenty bookings for one address sent at once, from twenty addresses, exactly 2', async () => {
  const starts = slots(2).concat(slots(3, 4));
  const outcome = await atOnce(
    starts.map((start, i) =>
      calls(`198.51.100.${i + 1}`).book({
        ...person(0),
        email: i % 2 ? 'V0@example.com' : 'v0@example.com',
        start,
      }),
    ),
  );
  expect(outcome.done).toBe(2);
  expect(outcome.refused).toEqual(Array(18).fill(`CONFLICT: ${CALL_MESSAGES.tooManyUpcoming}`));
  expect(await deps.db.select().from(bookings).all()).toHaveLength(2);
  expect(await deps.db.select().from(leads).all()).toHaveLength(1);
});

it('gives twenty moves of one booking sent at once, from twenty addresses, exactly 3', async () => {
  const [token] = await bookedTokens(slots(2, 1));
  const targets = slots(3).concat(slots(4, 4));
  const outcome = await atOnce(
    targets.map((start, i) => calls(`203.0.113.${i + 1}`).reschedule({ token: token!, start })),
  );
  expect(outcome.done).toBe(3);
  expect(outcome.refused).toEqual(
    Array(17).fill(
      'TOO_MANY_REQUESTS: This call has already been moved 3 times today. To move it again, please write to us.',
    ),
  );
  expect((await deps.db.select().from(bookings).get())!.sequence).toBe(3);
});
