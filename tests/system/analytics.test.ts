/**
 * Analytics in real server processes (docs/analytics.md): a load of events from many
 * addresses is all answered 202 and all stored once SIGTERM has ended the server (the buffer
 * is written before the database closes), on the embedded file and on a libSQL server; and
 * two instances on one libSQL server count one visitor once. Independent of TEST_DATABASE:
 * each test picks its database itself.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type DatabaseTarget } from '#db';
import { analyticsEvents, analyticsSalts } from '#db/schema';
import { AGENTS } from '#tests/support/analytics';
import { databaseEnv, startTestSqld, tempFolder } from '#tests/support/database';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process';

const SITE = 'http://site.example';
const running: ServerProcess[] = [];

afterAll(() => {
  for (const server of running) server.signal('SIGKILL');
});

async function start(target: DatabaseTarget, env: Record<string, string> = {}) {
  const server = await startServerProcess(path.join(tempFolder(), 'unused.db'), {
    ...databaseEnv(target),
    TRUST_PROXY: '1',
    SITE_URL: SITE,
    ...env,
  });
  running.push(server);
  return server;
}

/** One beacon's POST from the address `ip`, as a browser on the site sends it. */
async function sendEvent(server: ServerProcess, ip: string, name = 'pageview'): Promise<number> {
  const response = await fetch(`${server.url}/api/event`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': AGENTS.chromeWindows,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({ name, url: `${SITE}/?utm_source=load`, referrer: '' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A distinct address per number (the benchmarking range, RFC 2544). */
const address = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** `count` events, `concurrency` at a time, each from its own address: their statuses. */
async function load(server: ServerProcess, first: number, count: number, concurrency = 50) {
  const statuses: number[] = [];
  let next = first;
  const worker = async () => {
    while (next < first + count) statuses.push(await sendEvent(server, address(next++)));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

async function countRows(target: DatabaseTarget) {
  const db = await openDatabase(target);
  try {
    const events = await db.$count(analyticsEvents);
    const visitors = (
      await db.selectDistinct({ v: analyticsEvents.visitor }).from(analyticsEvents).all()
    ).length;
    return { events, visitors };
  } finally {
    await closeDatabase(db);
  }
}

describe('a load of events, then SIGTERM', () => {
  it.each(['embedded file', 'libSQL server'])(
    'on the %s: every event answered 202, every one stored after the exit',
    async (mode) => {
      const target: DatabaseTarget =
        mode === 'embedded file'
          ? { file: path.join(tempFolder(), 'app.db') }
          : { url: (await startTestSqld()).url };
      const server = await start(target);

      // Enough for the buffer to be written many times while events keep coming (every
      // 100 ms); the throughput itself is `npm run bench`'s to measure.
      const statuses = await load(server, 0, 500);
      // The last ones are sent and the signal follows their answers at once: they are still
      // in the buffer (written every 100 ms) when the shutdown begins.
      statuses.push(...(await load(server, 500, 100)));
      server.signal('SIGTERM');

      expect(statuses).toHaveLength(600);
      expect(statuses.filter((status) => status !== 202)).toEqual([]);
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('analytics_unsaved');
      // One visitor per address, each event stored once.
      expect(await countRows(target)).toEqual({ events: 600, visitors: 600 });
    },
    120_000,
  );
});

describe('two instances on one libSQL server', () => {
  const ADMIN = { username: 'owner', password: 'a long enough password' };

  it('count one visitor once, with one salt for the day', async () => {
    const sqld = await startTestSqld();
    const target = { url: sqld.url };
    const env = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    const [a, b] = await Promise.all([start(target, env), start(target, env)]);

    // The same browser on both at the same moment (each instance creates the day's salt),
    // then once more on each; another visitor on one of them.
    const same = '203.0.113.50';
    expect(await Promise.all([sendEvent(a, same), sendEvent(b, same)])).toEqual([202, 202]);
    expect(await sendEvent(a, same, 'cta_click')).toBe(202);
    expect(await sendEvent(b, same, 'cta_click')).toBe(202);
    expect(await sendEvent(b, '203.0.113.51')).toBe(202);

    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const report = async () => {
      const response = await fetch(`${b.url}/api/analytics`, { headers: { cookie } });
      return (await response.json()) as { totals: { visitors: number; pageviews: number } };
    };
    // Each instance writes its buffer within 100 ms.
    await expect
      .poll(async () => (await report()).totals, { timeout: 10_000 })
      .toMatchObject({ visitors: 2, pageviews: 3 });
    expect((await report()).totals).toMatchObject({ visitors: 2, pageviews: 3 });

    for (const server of [a, b]) server.signal('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    const db = await openDatabase(target);
    try {
      expect(await db.$count(analyticsSalts)).toBe(1);
      expect(await db.$count(analyticsEvents)).toBe(5);
    } finally {
      await closeDatabase(db);
    }
  }, 120_000);
});
