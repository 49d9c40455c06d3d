import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { throttleEvents } from '#db/schema';
import { createTestDeps, testConfig } from '#tests/support/app';
import { tempFolder } from '#tests/support/database';
import { rest } from '#tests/support/rest';
import { insertUser } from '#tests/support/users';
import { createApp } from '#server/app/app';
import { clearLoginFailures, unknownNameBucket, userFailuresBucket } from './login-throttle';

let db: Db | undefined;
afterEach(async () => {
  if (db) await closeDatabase(db);
  db = undefined;
});

it('refuses a throttled sign-in with a read, even while another process holds the write lock', async () => {
  // The embedded file, whatever the run's mode: the lock is taken by a second connection.
  const file = path.join(tempFolder('login-throttle-'), 'app.db');
  db = await openDatabase({ file });
  const deps = await createTestDeps({ db, config: testConfig({ trustProxy: true }) });
  const app = createApp(deps);
  await insertUser(deps, 'alice');
  const login = () =>
    rest(app, 'POST', '/api/admin/login', {
      json: { username: 'alice', password: 'wrong guess' },
      ip: '203.0.113.9',
    });
  for (let i = 0; i < 5; i++) expect((await login()).status).toBe(401);

  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  try {
    // Counted in a write transaction, this attempt would wait out the lock and answer 503.
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
}, 30_000);

it("clears a user's failures, never another user's or an unknown name's", async () => {
  const deps = await createTestDeps();
  const buckets = [
    userFailuresBucket(1),
    userFailuresBucket(11),
    unknownNameBucket(deps.config.sessionSecret, 'alice:device:x'),
  ];
  await writeTransaction(deps.db, (tx) =>
    tx.insert(throttleEvents).values(buckets.map((bucket) => ({ bucket, at: deps.clock.now() }))),
  );
  await writeTransaction(deps.db, (tx) => clearLoginFailures(tx, { id: 1, username: 'alice' }));
  const left = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket).sort();
  expect(left).toEqual(buckets.slice(1).sort());
});
