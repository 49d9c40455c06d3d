/**
 * The stop's registry (shutdown.ts, docs/decisions/0055): the phases' order, the database last,
 * and a task that hangs or throws logged while the others still run. Time is the fake timers':
 * a hung task's share passes by advancing them, not by waiting.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '#tests/support/logger';
import { createShutdown } from './shutdown';

let logger: ReturnType<typeof createMemoryLogger>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  logger = createMemoryLogger();
});

afterEach(() => {
  vi.useRealTimers();
});

const events = () =>
  logger.lines.map((line) => JSON.parse(line) as { event: string; task?: string; ms?: number });

/** A task that never settles on its own. */
const hang = () => new Promise<void>(() => undefined);

it('begins every pre-stop task, then runs the cleanup tasks last registered first, the database last', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  const order: string[] = [];
  const note = (name: string) => () => void order.push(name);
  shutdown.registerCleanupTask('database', note('database'), { last: true });
  shutdown.registerCleanupTask('traces', note('traces'));
  shutdown.registerPreStopTask('readiness', note('readiness'));
  shutdown.registerCleanupTask('analytics', note('analytics'));
  shutdown.registerPreStopTask('http (stop accepting)', note('http (stop accepting)'));
  shutdown.registerCleanupTask('http (drain)', note('http (drain)'));

  await shutdown.stop('SIGTERM');

  expect(order).toEqual([
    'readiness',
    'http (stop accepting)',
    'http (drain)',
    'analytics',
    'traces',
    'database',
  ]);
  expect(events().map((e) => e.event)).toEqual(['server.stopping', 'server.stopped']);
});

it('cuts a task off at its share of SHUTDOWN_SECONDS, tells it, and runs the next', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  const ran: string[] = [];
  let told = false;
  shutdown.registerCleanupTask('database', () => void ran.push('database'), { last: true });
  shutdown.registerCleanupTask('analytics', () => void ran.push('analytics'));
  shutdown.registerCleanupTask(
    'mail sender',
    async ({ signal }) => {
      signal.addEventListener('abort', () => (told = true));
      await hang();
    },
    { share: 0.2 },
  );

  const stopped = shutdown.stop('SIGTERM');
  await vi.advanceTimersByTimeAsync(1_999);
  expect(ran).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  await stopped;

  expect(told).toBe(true);
  expect(ran).toEqual(['analytics', 'database']);
  expect(events()).toContainEqual(
    expect.objectContaining({ event: 'server.stop_timed_out', task: 'mail sender', ms: 2_000 }),
  );
});

it('logs a task that throws or rejects, and still runs the others, the database last', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  const ran: string[] = [];
  shutdown.registerCleanupTask('database', () => void ran.push('database'), { last: true });
  shutdown.registerPreStopTask('prune timer', () => {
    throw new Error('timer gone');
  });
  shutdown.registerPreStopTask('readiness', () => void ran.push('readiness'));
  shutdown.registerCleanupTask('traces', () => void ran.push('traces'));
  shutdown.registerCleanupTask('analytics', async () => {
    throw new Error('database busy');
  });

  await shutdown.stop('SIGINT');

  expect(ran).toEqual(['readiness', 'traces', 'database']);
  const failed = events().filter((e) => e.event === 'server.stop_failed');
  expect(failed.map((e) => e.task)).toEqual(['prune timer', 'analytics']);
  expect(logger.lines.join('\n')).toContain('database busy');
});

it('keeps every task within the deadline, except the time a task keeping data is always given', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  const ran: string[] = [];
  shutdown.registerCleanupTask('database', () => void ran.push('database'), {
    last: true,
    atLeastMs: 1_000,
  });
  shutdown.registerCleanupTask('mail on its way', hang, { share: 1 });
  shutdown.registerCleanupTask('http server', hang, { share: 0.7 });

  const stopped = shutdown.stop('SIGTERM');
  // The requests take their 7 s; the mail only the 3 s left of the 10.
  await vi.advanceTimersByTimeAsync(10_000);
  await stopped;

  expect(ran).toEqual(['database']);
  const timedOut = events().filter((e) => e.event === 'server.stop_timed_out');
  expect(timedOut.map((e) => [e.task, e.ms])).toEqual([
    ['http server', 7_000],
    ['mail on its way', 3_000],
  ]);
});

it('asks a two-phase stop with the pre-stop tasks and waits for it with the cleanup tasks', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  const order: string[] = [];
  let finish = () => {};
  shutdown.registerCleanupTask('database', () => void order.push('database'), { last: true });
  shutdown.registerStop('mail sender', () => {
    order.push('sender asked');
    return new Promise<void>((resolve) => {
      finish = () => {
        order.push('sender done');
        resolve();
      };
    });
  });
  shutdown.registerStop('backups', async () => {
    order.push('backups asked');
    throw new Error('backup failed');
  });
  shutdown.registerPreStopTask('readiness', () => void order.push('readiness'));

  const stopped = shutdown.stop('SIGTERM');
  await vi.advanceTimersByTimeAsync(100);
  expect(order).toEqual(['sender asked', 'backups asked', 'readiness']);
  finish();
  await stopped;

  expect(order.slice(3)).toEqual(['sender done', 'database']);
  expect(events()).toContainEqual(
    expect.objectContaining({ event: 'server.stop_failed', task: 'backups' }),
  );
});

it('runs once, however many signals come', async () => {
  const shutdown = createShutdown({ seconds: 10, logger });
  let closes = 0;
  shutdown.registerCleanupTask('database', () => void closes++, { last: true });

  await Promise.all([shutdown.stop('SIGTERM'), shutdown.stop('SIGINT')]);

  expect(closes).toBe(1);
  expect(events().filter((e) => e.event === 'server.stopping')).toHaveLength(1);
});
