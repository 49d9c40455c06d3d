/**
 * Dynamic client registration's caps on two instances sharing one database (two connections
 * to the file, or two clients of one libSQL server), registrations sent at once (docs/mcp.md,
 * "OAuth"): per address, per network (an IPv4 /24, an IPv6 /48: one stranger's addresses) and
 * in all, so that no one stranger can spend the site's hour.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { oauthClients } from '#db/schema';
import { createApp } from '#server/app/app';
import { createTestDeps, testConfig } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import {
  OAUTH_REGISTRATIONS,
  OAUTH_REGISTRATIONS_ALL,
  OAUTH_REGISTRATIONS_NETWORK,
} from './throttle-rules';

let dbA: Db;
let dbB: Db;
let apps: ReturnType<typeof createApp>[];

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const config = testConfig({ trustProxy: true });
  apps = [
    createApp(await createTestDeps({ db: dbA, config })),
    createApp(await createTestDeps({ db: dbB, config })),
  ];
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

/** The i-th registration, from `ip`, to one instance or the other. */
async function register(i: number, ip: string): Promise<number> {
  const response = await apps[i % 2]!.request('/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ client_name: `Client ${i}`, redirect_uris: ['https://a.test/cb'] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends one registration per address, all at once: how many were taken, how many refused. */
async function atOnce(addresses: string[]) {
  const statuses = await Promise.all(addresses.map((ip, i) => register(i, ip)));
  expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  return {
    taken: statuses.filter((s) => s === 201).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

const clients = async () => (await dbA.select().from(oauthClients).all()).length;
const times = (n: number, address: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => address(i));

describe('registrations sent at once', () => {
  it('from one address: its cap, the rest 429', async () => {
    const cap = OAUTH_REGISTRATIONS.limit;
    expect(await atOnce(times(cap + 5, () => '203.0.113.7'))).toEqual({ taken: cap, refused: 5 });
    expect(await clients()).toBe(cap);
  });

  it('from every address of one IPv4 /24: the network’s cap; another network still registers', async () => {
    const cap = OAUTH_REGISTRATIONS_NETWORK.limit;
    expect(await atOnce(times(cap + 10, (i) => `203.0.113.${i + 1}`))).toEqual({
      taken: cap,
      refused: 10,
    });
    expect(await atOnce(['198.51.100.1'])).toEqual({ taken: 1, refused: 0 });
    expect(await clients()).toBe(cap + 1);
  });

  it('from a /64 each of one IPv6 /48: the network’s cap', async () => {
    const cap = OAUTH_REGISTRATIONS_NETWORK.limit;
    const spread = times(cap + 10, (i) => `2001:db8:7:${(i + 1).toString(16)}::1`);
    expect(await atOnce(spread)).toEqual({ taken: cap, refused: 10 });
  });

  it('from many networks: the site’s hour in all, however they are spread', async () => {
    const all = OAUTH_REGISTRATIONS_ALL.limit;
    // Each from a network of its own: only the site's cap holds them back.
    const many = times(all + 20, (i) => `10.${Math.floor(i / 200)}.${i % 200}.1`);
    expect(await atOnce(many)).toEqual({ taken: all, refused: 20 });
    expect(await clients()).toBe(all);
  });
});
