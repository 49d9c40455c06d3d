/**
 * The public booking actions' throttles and the cap per person (docs/booking.md, "Throttles
 * and caps"): booking, moving and cancelling 5 per address in 10 minutes each, a booking moved
 * at most 3 times a day, at most 2 upcoming calls per address. Each holds for requests sent at
 * once, since its count is taken in the write that books, moves or cancels: the bookings and
 * moves sent at once are in booking-limits-at-once.test.ts, on both drivers. The moves and
 * cancellations from one address at once below take their places in the same write as the move
 * of one booking at once there (change.ts), so they run on the embedded file only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, throttleEvents } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import { mailsSettled } from '#server/platform/mail';
import { failure } from '#tests/support/trpc-errors';
import {
  atOnce,
  bookedTokens,
  calls,
  deps,
  mailer,
  MINUTE,
  NOW,
  person,
  setUpBooking,
  slots,
} from '#tests/support/booking-limits-fixtures';

beforeEach(setUpBooking);

describe('a person holds at most 2 upcoming calls', () => {
  it('refuses a third with 409, whatever the case of the address; one that has begun does not count', async () => {
    const [tue9, tue10, tue11] = slots(2, 3);
    await calls('198.51.100.1').book({ ...person(0), start: tue9! });
    await calls('198.51.100.2').book({ ...person(0), email: 'V0@Example.com', start: tue10! });
    const error = await failure(
      calls('198.51.100.3').book({ ...person(0), email: 'v0@EXAMPLE.com', start: tue11! }),
    );
    expect([error.code, error.message]).toEqual(['CONFLICT', CALL_MESSAGES.tooManyUpcoming]);
    expect(await deps.db.select().from(bookings).all()).toHaveLength(2);
    // Nothing of the refused one stays: not its place in the throttle either.
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(2);

    // Once the first has begun, one more may be booked.
    deps.clock.set(new Date(new Date(tue9!).getTime() + MINUTE));
    await calls('198.51.100.3').book({ ...person(0), start: slots(3, 1)[0]! });
    expect(await deps.db.select().from(bookings).all()).toHaveLength(3);
  });

  it('books again once a call is cancelled', async () => {
    const [tue9, tue10, tue11] = slots(2, 3);
    const [token] = await bookedTokens([tue9!]);
    await calls('198.51.100.2').book({ ...person(0), start: tue10! });
    await calls('198.51.100.2').cancel({ token: token! });
    await calls('198.51.100.2').book({ ...person(0), start: tue11! });
    expect(
      (await deps.db.select().from(bookings).all()).map((b) => [b.status, b.start.toISOString()]),
    ).toEqual([
      ['cancelled', tue9],
      ['confirmed', tue10],
      ['confirmed', tue11],
    ]);
  });
});

describe('moving a call', () => {
  it('moves one booking at most 3 times a day, from any address: then 429 telling to write; 30 tries send 6 mails', async () => {
    const [token] = await bookedTokens(slots(2, 1));
    const targets = slots(3).concat(slots(4));
    let moved = 0;
    const refusals = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const ip = `203.0.113.${(i % 10) + 1}`;
      await calls(ip)
        .reschedule({ token: token!, start: targets[i]! })
        .then(() => (moved += 1))
        .catch((error: { code: string; message: string }) =>
          refusals.add(`${error.code}: ${error.message}`),
        );
    }
    expect(moved).toBe(3);
    expect([...refusals]).toEqual([
      'TOO_MANY_REQUESTS: This call has already been moved 3 times today. To move it again, please write to us. Try again in 1440 minutes.',
    ]);
    await mailsSettled(mailer);
    // A REQUEST to the visitor and a notice to the owner for each move, and nothing more.
    expect(mailer.sent).toHaveLength(6);
    expect(await deps.db.select().from(bookings).get()).toMatchObject({
      sequence: 3,
      start: new Date(targets[2]!),
    });

    // A day after the first move, the booking has one move again.
    deps.clock.set(new Date(NOW.getTime() + 24 * 60 * MINUTE + MINUTE));
    const thursday = slots(4).at(-1)!;
    const again = await calls('203.0.113.1').reschedule({ token: token!, start: thursday });
    expect(again.start).toBe(thursday);
  });

  it('gives twenty moves from one address sent at once, of twenty bookings, exactly 5', async () => {
    const tokens = await bookedTokens(slots(2).concat(slots(3, 4)));
    const targets = slots(3).slice(4).concat(slots(4));
    const outcome = await atOnce(
      tokens.map((token, i) => calls('203.0.113.1').reschedule({ token, start: targets[i]! })),
    );
    expect(outcome.done).toBe(5);
    expect(outcome.refused).toEqual(
      Array(15).fill('TOO_MANY_REQUESTS: Too many changes to bookings from your address.'),
    );
  });

  it('does not count a refused move (a taken time) or one to the time it already has', async () => {
    const [token, other] = await bookedTokens(slots(2, 2));
    const [tue9, tue930] = slots(2, 2);
    for (let i = 0; i < 6; i++) {
      await expect(
        calls('203.0.113.1').reschedule({ token: token!, start: tue930! }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      await calls('203.0.113.1').reschedule({ token: token!, start: tue9! });
    }
    await calls('203.0.113.1').reschedule({ token: other!, start: slots(3, 1)[0]! });
    // The two bookings' places, and the one move's: its address's and its booking's.
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(2 + 2);
  });
});

describe('cancelling a call', () => {
  it('gives twenty cancellations from one address sent at once, of twenty bookings, exactly 5', async () => {
    const tokens = await bookedTokens(slots(2).concat(slots(3, 4)));
    const outcome = await atOnce(tokens.map((token) => calls('203.0.113.1').cancel({ token })));
    expect(outcome.done).toBe(5);
    expect(outcome.refused).toEqual(
      Array(15).fill('TOO_MANY_REQUESTS: Too many cancellations from your address.'),
    );
    const cancelled = await deps.db.select().from(bookings).all();
    expect(cancelled.filter((b) => b.status === 'cancelled')).toHaveLength(5);
  });

  it('answers a throttled address 429 ahead of its bad input', async () => {
    const tokens = await bookedTokens(slots(2, 6));
    for (const token of tokens.slice(0, 5)) await calls('203.0.113.1').cancel({ token });
    const error = await failure(calls('203.0.113.1').cancel({ token: 'short' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
  });
});
