/** The form throttles under the attacks of issue 8: one tRPC batch, and requests sent at once. */
import { beforeEach, expect, it } from 'vitest';
import { contacts, subscribers } from '#db/schema';
import type { App } from '#server/app/app';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { MAX_BATCH_SIZE } from './trpc';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
});

const contact = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'custom',
  message: 'Could you help us build a model?',
  privacy: true,
};

it('stores 5 of 10 contact.send calls in one tRPC batch (the largest allowed); the rest get 429', async () => {
  const calls = MAX_BATCH_SIZE;
  const body = Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), contact]));
  const res = await app.request(
    `/api/trpc/${Array(calls).fill('contact.send').join(',')}?batch=1`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.80' },
      body: JSON.stringify(body),
    },
  );
  const results = (await res.json()) as { error?: { data: { httpStatus: number } } }[];
  const statuses = results.map((r) => r.error?.data.httpStatus ?? 200);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  expect(res.headers.get('retry-after')).toBe('600');
  expect(await deps.db.select().from(contacts).all()).toHaveLength(5);
});

it('stores 5 of 12 new subscriptions sent at once; the rest get 429', async () => {
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      rest(app, 'POST', '/api/subscribe', {
        json: { email: `reader${i}@example.com` },
        ip: '2001:db8:9:9::1',
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  expect(await deps.db.select().from(subscribers).all()).toHaveLength(5);
});
