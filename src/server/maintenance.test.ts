import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../db';
import { sessions, throttleEvents } from '../../db/schema';
import { SESSION_TTL_MS } from './auth/session';
import { recordEvent } from './auth/throttle';
import { createMemoryLogger } from './logger';
import { pruneExpired, pruneSafely } from './maintenance';
import { callerFor, createTestDeps, signedInCookie } from '../../tests/support/app';

it('drops expired sessions and stale throttle events, keeps live ones', async () => {
  const deps = await createTestDeps();
  const old = await signedInCookie(deps, 'old');
  recordEvent(deps.db, ['login-fail:ip:1'], deps.clock.now());
  deps.clock.advance(SESSION_TTL_MS - 60_000);
  const fresh = await signedInCookie(deps, 'fresh');
  recordEvent(deps.db, ['login-fail:ip:2'], deps.clock.now());
  deps.clock.advance(120_000);

  pruneExpired(deps.db, deps.clock.now());

  expect(deps.db.select().from(sessions).all()).toHaveLength(1);
  expect(
    deps.db
      .select()
      .from(throttleEvents)
      .all()
      .map((e) => e.bucket),
  ).toEqual(['login-fail:ip:2']);
  expect((await callerFor(deps, { cookie: fresh }).caller.admin.check()).username).toBe('fresh');
  expect((await callerFor(deps, { cookie: old }).caller.admin.check()).authenticated).toBe(false);
});

it('a database locked past busy_timeout makes pruning log an error, never throw', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'prune-'));
  const file = path.join(dir, 'app.db');
  const db = openDatabase(file);
  const other = new Database(file);
  try {
    // Wait for the lock only briefly, as a server would after its 5 s busy_timeout.
    db.$client.pragma('busy_timeout = 20');
    other.exec('BEGIN IMMEDIATE');
    const logger = createMemoryLogger();

    expect(pruneSafely(db, new Date(), logger)).toBe(false);

    const line = JSON.parse(logger.lines.at(-1) ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'error',
      event: 'maintenance.prune_failed',
      error: expect.stringMatching(/^SQLITE_BUSY: /),
    });
    other.exec('COMMIT');
    expect(pruneSafely(db, new Date(), logger)).toBe(true);
  } finally {
    other.close();
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
});
