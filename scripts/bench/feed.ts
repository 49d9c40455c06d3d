/**
 * `npm run bench -- --only=feed`: how long `/healthz` takes while the server reads a hostile
 * calendar feed (issue 44's: 20 events, each every 2 minutes from today), the figure of
 * docs/performance.md "A hostile calendar feed". Goal: p99 under 100 ms on a busy machine.
 *
 * The real server runs in its own process (development mode, so it may read the feed from
 * this process's server on 127.0.0.1); the owner's settings are written to its database.
 * Each round names the feed by a new address, so the server has no copy of it and the
 * visitor's `GET /api/booking/slots` starts a read and waits for it; meanwhile `/healthz` is
 * asked one request after another and each answer timed. FEED_BURN=n runs n processes that
 * spin beside it (default: one per core), so the machine is busy whatever else runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { bookingFeeds, bookingSettings } from '#db/schema';
import { startServer } from '#tests/e2e/support/server';
import { OWNER_SETTINGS } from '#tests/support/booking-settings';

const ROUNDS = 5;

/** Issue 44's feed: 20 events, each `RRULE:FREQ=MINUTELY;INTERVAL=2` from today. */
export function hostileFeed(today: Date): string {
  const day = today.toISOString().slice(0, 10).replaceAll('-', '');
  const events = Array.from({ length: 20 }, (_, i) =>
    [
      'BEGIN:VEVENT',
      `UID:spam-${i}@bench`,
      `DTSTAMP:${day}T000000Z`,
      `DTSTART:${day}T00${String(i).padStart(2, '0')}00Z`,
      'DURATION:PT1M',
      'RRULE:FREQ=MINUTELY;INTERVAL=2',
      'END:VEVENT',
    ].join('\r\n'),
  );
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', ...events, 'END:VCALENDAR'].join(
    '\r\n',
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timedHealthz(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The owner's settings, booking on, with the feed at `busyFeedUrl`. */
async function ownerFeed(db: Db, busyFeedUrl: string): Promise<void> {
  const settings = JSON.stringify({ ...OWNER_SETTINGS, timezone: 'UTC', busyFeedUrl });
  await writeTransaction(db, (tx) =>
    tx
      .insert(bookingSettings)
      .values({ id: 1, settings, updatedAt: new Date() })
      .onConflictDoUpdate({ target: bookingSettings.id, set: { settings } }),
  );
}

function burners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

export async function main(): Promise<void> {
  const feedText = hostileFeed(new Date());
  const feedServer = createServer((_req, res) => {
    res.setHeader('content-type', 'text/calendar');
    res.end(feedText);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  const server = await startServer();
  const db = await openDatabase({ file: server.dbPath });
  const burnCount = Number(process.env.FEED_BURN ?? availableParallelism());
  const spinning = burners(burnCount);
  const during: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const busyFeedUrl = `${feedBase}/owner-${round}.ics`;
      await ownerFeed(db, busyFeedUrl);
      const readStarted = performance.now();
      let reading = true;
      const slots = fetch(`${server.url}/api/booking/slots`)
        .then((response) => response.arrayBuffer())
        .finally(() => {
          reading = false;
        });
      while (reading) during.push(await timedHealthz(server.url));
      await slots;
      const row = await db
        .select({ error: bookingFeeds.error })
        .from(bookingFeeds)
        .where(eq(bookingFeeds.url, busyFeedUrl))
        .get();
      process.stdout.write(
        `round ${round + 1}: read ${Math.round(performance.now() - readStarted)} ms, ` +
          `feed error: ${row?.error ?? 'none'}\n`,
      );
    }
  } finally {
    for (const child of spinning) child.kill();
    await closeDatabase(db);
    await server.stop();
    feedServer.close();
  }
  const sorted = [...during].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  process.stdout.write(
    `/healthz while the hostile feed is read (${burnCount} CPU burners beside, ` +
      `${availableParallelism()} cores): ${sorted.length} requests, ` +
      `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, ` +
      `max ${ms(sorted.at(-1) ?? 0)} (goal: p99 under 100 ms)\n`,
  );
}
