/**
 * What the tests of the booking's throttles and caps share
 * (src/server/booking/booking-limits.test.ts, booking-limits-at-once.test.ts): a site with booking
 * on, its slots, and requests sent one by one or at once, on the site of booking-call-fixtures.ts.
 */
import type { BookingInput } from '#shared/booking-request';
import { mailsSettled } from '#server/platform/mail';
import { callerFor } from '#tests/support/app';
import { deps, mailer } from './booking-call-fixtures';

/** The booking tests' site (booking-call-fixtures.ts): Monday 1 June 2026, 07:00 in London. */
export { deps, mailer, NOW, setUpBooking } from './booking-call-fixtures';
export const MINUTE = 60_000;

/**
 * The `count` slots of a weekday from 09:00 BST (08:00 UTC), 30 minutes apart: 16 a day
 * (09:00-17:00), Tuesday 2 to Thursday 4 June.
 */
export function slots(day: 2 | 3 | 4, count = 16): string[] {
  const first = Date.UTC(2026, 5, day, 8);
  return Array.from({ length: count }, (_, i) => new Date(first + i * 30 * MINUTE).toISOString());
}

export const calls = (ip: string) => callerFor(deps, { ip }).caller.booking;

export function person(i: number): Omit<BookingInput, 'start'> {
  return { name: `Visitor ${i}`, email: `v${i}@example.com`, privacy: true };
}

/** Books each start for a person of its own, from an address of its own; the links' tokens. */
export async function bookedTokens(starts: string[]): Promise<string[]> {
  for (const [i, start] of starts.entries()) {
    await calls(`198.51.100.${i + 1}`).book({ ...person(i), start });
  }
  await mailsSettled(mailer);
  const tokens = starts.map((_, i) => {
    const mail = mailer.sent.find((sent) => sent.to === `v${i}@example.com`);
    const token = mail && /\/booking\/manage\?token=([\w-]{43})/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no manage link for v${i}`);
    return token;
  });
  mailer.sent.length = 0;
  return tokens;
}

/** What requests sent at once came to: the answers kept, and each refusal's code and message. */
export async function atOnce<T>(requests: Promise<T>[]) {
  const results = await Promise.allSettled(requests);
  return {
    done: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.flatMap((r) => {
      if (r.status === 'fulfilled') return [];
      const error = r.reason as { code: string; message: string };
      return [`${error.code}: ${error.message.replace(/ Try again in .*$/, '')}`];
    }),
  };
}
