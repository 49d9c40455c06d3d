import { beforeEach, describe, expect, it } from 'vitest';
import { subscribers, throttleEvents } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import { callerFor, createTestDeps, type TestDeps } from '../../../tests/support/app';
import { ThrottledError } from '../platform/errors';
import { failure, issuesOf } from '../../../tests/support/trpc-errors';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
});

const subscribe = (email: string, ip = '192.0.2.10', website?: string) =>
  callerFor(deps, { ip }).caller.newsletter.subscribe({ email, website });
const stored = async () => await deps.db.select().from(subscribers).all();

describe('newsletter.subscribe', () => {
  it('stores the trimmed address with the clock as creation time', async () => {
    deps.clock.set(new Date('2026-05-05T05:05:05Z'));
    expect(await subscribe('  reader@example.com ')).toEqual({ success: true });
    expect(await stored()).toEqual([
      { id: 1, email: 'reader@example.com', createdAt: new Date('2026-05-05T05:05:05Z') },
    ]);
  });

  it('answers an address already subscribed, in any case, the same and keeps one row', async () => {
    await subscribe('Reader@Example.com');
    expect(await subscribe('reader@example.COM')).toEqual({ success: true });
    expect(await subscribe('READER@EXAMPLE.COM', '192.0.2.99')).toEqual({ success: true });
    expect((await stored()).map((s) => s.email)).toEqual(['Reader@Example.com']);
  });

  it.each([
    ['not an address', MESSAGES.email],
    ['', MESSAGES.email],
    [`${'a'.repeat(243)}@example.com`, MESSAGES.email],
  ])('refuses %j', async (email, message) => {
    expect(await issuesOf(subscribe(email))).toEqual([{ path: 'email', message }]);
    expect(await stored()).toEqual([]);
  });

  it('accepts an address of 254 characters', async () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    await subscribe(email);
    expect(await stored()).toHaveLength(1);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    expect(await subscribe('bot@example.com', undefined, 'filled')).toEqual({ success: true });
    expect(await stored()).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
  });
});

describe('newsletter.subscribe throttle', () => {
  it('refuses a sixth new address from one address in 10 minutes', async () => {
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    const error = await failure(subscribe('reader5@example.com'));
    expect(error).toBeInstanceOf(ThrottledError);
    expect((error as ThrottledError).retryAfterSeconds).toBe(600);
    expect(error.message).toBe('Too many sign-ups from your address. Try again in 10 minutes.');
    expect(await stored()).toHaveLength(5);
    expect(await subscribe('reader5@example.com', '192.0.2.11')).toEqual({ success: true });
    deps.clock.advance(10 * 60_000);
    expect(await subscribe('reader6@example.com')).toEqual({ success: true });
  });

  it('counts neither duplicates nor refused submissions', async () => {
    await subscribe('reader@example.com');
    for (let i = 0; i < 6; i++) await subscribe('READER@example.com');
    for (let i = 0; i < 6; i++) await failure(subscribe('nope'));
    for (let i = 1; i < 5; i++) await subscribe(`reader${i}@example.com`);
    expect(await stored()).toHaveLength(5);
    expect((await failure(subscribe('one-more@example.com'))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('answers 429 before looking at the input', async () => {
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    expect((await failure(subscribe('nope'))).code).toBe('TOO_MANY_REQUESTS');
  });
});
