/**
 * The login throttle under the attacks of issue 8: guesses sent at once, and many guesses
 * in one tRPC batch. Places are taken before the hash, so the count holds however fast the
 * hash is (the fixture user's is cheap; judged-wrong.test.ts pins the order with a hook).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { throttleEvents } from '#db/schema';
import type { App } from '#server/app/app';
import { createApp } from '#server/app/app';
import { SIGN_IN_BUSY } from './router';
import { userFailuresBucket } from '../ways-in/login-throttle';
import { addressBucket } from '#server/platform/throttle-buckets';
import { createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { rest, type RestResult } from '#tests/support/rest';
import { insertUser, PASSWORD } from '#tests/support/users';
import { createLimiter, type Limiter } from '#server/platform/limiter';
import { MAX_BATCH_SIZE } from '#server/http/trpc';
import { waitUntil } from '#tests/support/wait';

const ATTACKER = '203.0.113.66';
const HASH_BUDGET_MS = 30_000;

let deps: TestDeps;
let app: App;

async function setup(hashLimiter?: Limiter) {
  deps = await createTestDeps({ config: testConfig({ trustProxy: true }), hashLimiter });
  app = createApp(deps);
}

beforeEach(async () => {
  await setup();
  await insertUser(deps, 'alice');
});

const login = (password: string, ip = ATTACKER, username = 'alice') =>
  rest(app, 'POST', '/api/admin/login', { json: { username, password }, ip });

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * A hashing limiter of one slot and one place in its queue, both taken: the slot by the test,
 * the place by a wrong guess from `address`. The next login finds the queue full.
 */
async function fullHashQueue(address: string) {
  const limiter = createLimiter({ concurrency: 1, queue: 1 });
  await setup(limiter);
  await insertUser(deps, 'alice');
  let free = () => {};
  const held = limiter.run(() => new Promise<void>((resolve) => (free = resolve)));
  const queued = login('wrong guess', address);
  await waitUntil(() => expect(limiter.waiting).toBe(1));
  return {
    queued,
    release: async () => {
      free();
      await held;
    },
  };
}

function expectThrottled(res: RestResult) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body).toEqual({
    success: false,
    message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  });
}

describe('login throttle under concurrency', () => {
  it(
    'judges at most 5 of 20 wrong passwords sent at once; the rest get 429',
    async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => login('wrong guess')));
      const counts = tally(answers.map((a) => a.status));
      console.info(`20 concurrent wrong logins: ${JSON.stringify(counts)}`);
      expect(counts).toEqual({ 401: 5, 429: 15 });
      for (const res of answers.filter((a) => a.status === 429)) expectThrottled(res);
      // Exactly the judged guesses are counted, once per username and once per address.
      expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(10);

      // The right password is refused too until the window has passed: no hash is spent.
      expectThrottled(await login(PASSWORD));
      expectThrottled(await login(PASSWORD, '198.51.100.1'));
      deps.clock.advance(15 * 60_000 + 1000);
      expect((await login(PASSWORD)).status).toBe(200);
    },
    HASH_BUDGET_MS,
  );

  it(
    'judges at most 5 of 10 admin.login calls in one tRPC batch (the largest allowed); the rest get 429',
    async () => {
      const calls = MAX_BATCH_SIZE;
      const input = Object.fromEntries(
        Array.from({ length: calls }, (_, i) => [
          String(i),
          { username: 'alice', password: `guess ${i}` },
        ]),
      );
      const res = await app.request(
        `/api/trpc/${Array(calls).fill('admin.login').join(',')}?batch=1`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ATTACKER },
          body: JSON.stringify(input),
        },
      );
      const results = (await res.json()) as { error?: { data: { httpStatus: number } } }[];
      expect(results).toHaveLength(calls);
      const counts = tally(results.map((r) => r.error?.data.httpStatus ?? 200));
      console.info(`one batch of ${calls} wrong logins: ${JSON.stringify(counts)}`);
      expect(counts).toEqual({ 401: 5, 429: 5 });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(PASSWORD)).status).toBe(429);
    },
    HASH_BUDGET_MS,
  );

  it(
    'answers 503 with the error body once the hashing queue is full, without counting it',
    async () => {
      const { queued, release } = await fullHashQueue('198.51.100.7');
      const refused = await login('another guess', '198.51.100.8', 'bob');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({ success: false, message: SIGN_IN_BUSY });

      await release();
      expect((await queued).status).toBe(401);
      // Only the judged guess counts; the refused one gave its place back.
      expect(
        (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket).sort(),
      ).toEqual(
        [
          addressBucket('login-fail', deps.config.sessionSecret, '198.51.100.7'),
          userFailuresBucket(1),
        ].sort(),
      );
    },
    HASH_BUDGET_MS,
  );

  it(
    'answers every login past a full hashing queue 503 with Retry-After, over REST and tRPC',
    async () => {
      const { queued, release } = await fullHashQueue('198.51.100.1');

      // A flood from 20 addresses and names while the slot and the queue are taken (each
      // takes its own throttle places, so none is refused for the throttle).
      const overRest = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login('guess', `198.51.100.${10 + i}`, `u${i}`)),
      );
      const overTrpc = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          app.request('/api/trpc/admin.login', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `198.51.100.${30 + i}`,
            },
            body: JSON.stringify({ username: `t${i}`, password: 'guess' }),
          }),
        ),
      );
      for (const res of overRest) {
        expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
      }
      for (const res of overTrpc) {
        expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
        const body = (await res.json()) as { error: { message: string; data: object } };
        expect(body.error.message).toBe(SIGN_IN_BUSY);
        expect(body.error.data).toMatchObject({ httpStatus: 503, retryAfter: 5 });
      }
      await release();
      expect((await queued).status).toBe(401);
    },
    HASH_BUDGET_MS,
  );
});
