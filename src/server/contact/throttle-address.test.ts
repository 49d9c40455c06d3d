/** Throttle keys: an IPv6 client by its /64, an IPv4-mapped address as the IPv4 one, and only real addresses. */
import { beforeEach, expect, it } from 'vitest';
import { contacts, throttleEvents } from '#db/schema';
import type { App } from '#server/app/app';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { everyTableAsText } from '#tests/support/analytics';

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
const post = (ip: string) => rest(app, 'POST', '/api/contact', { json: contact, ip });

it('refuses a sixth message from another address of the same /64', async () => {
  for (let i = 1; i <= 5; i++) expect((await post(`2001:db8:5:6::${i}`)).status).toBe(201);
  const sameNetwork = await post('2001:db8:5:6:abcd:ef01:2345:6789');
  expect(sameNetwork.status).toBe(429);
  expect(sameNetwork.headers.get('retry-after')).toBe('600');
  expect((await post('2001:db8:5:7::1')).status).toBe(201);
  expect(await deps.db.select().from(contacts).all()).toHaveLength(6);
});

it('counts an IPv4-mapped address as its IPv4 address', async () => {
  for (let i = 0; i < 5; i++) expect((await post('192.0.2.44')).status).toBe(201);
  expect((await post('::ffff:192.0.2.44')).status).toBe(429);
  expect((await post('::ffff:192.0.2.45')).status).toBe(201);
});

it('counts malformed X-Forwarded-For entries as the socket address, a port as its address', async () => {
  // Made-up entries would each be a fresh allowance; they all fall back to the socket's.
  for (const entry of ['abc', 'def', 'x:1', '999.0.0.1', 'unknown']) {
    expect((await post(entry)).status).toBe(201);
  }
  expect((await post('ghi')).status).toBe(429);
  for (let i = 0; i < 5; i++) expect((await post(`198.51.100.9:${4000 + i}`)).status).toBe(201);
  expect((await post('198.51.100.9')).status).toBe(429);
});

it('keeps no trace of the address in any table: the throttle holds its keyed hash only', async () => {
  expect((await post('198.51.100.77')).status).toBe(201);
  expect((await post('2001:db8:abcd:12:3456:789a:bcde:f012')).status).toBe(201);
  const everything = await everyTableAsText(deps.db);
  for (const trace of [
    '198.51.100.77',
    '198.51.100',
    '2001:db8:abcd:12',
    '2001:db8:abcd:12::/64',
  ]) {
    expect(everything).not.toContain(trace);
  }
  // Yet it is counted: the rows are there, keyed.
  const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
  expect(buckets).toHaveLength(2);
  for (const bucket of buckets) expect(bucket).toMatch(/^contact:ip:[\w-]{22}$/);
});
