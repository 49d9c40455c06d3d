/**
 * /livez and /readyz through app.request() (docs/operations.md, "Probes"): each failing
 * readiness check made real (a closed database, a migration unrecorded, no sender running)
 * and named in the answer; a shutdown's 503 from its first moment; still ready when an
 * upgrade's new migration reaches the folder before the new code starts.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '#db';
import { createMailSender } from '#server/app/mail-sender';
import { createTestApp, createTestDeps } from '#tests/support/app';
import { freshDatabaseTarget } from '#tests/support/database';
import { addMigrations, migrationsWith } from '#tests/support/migrations-before';
import { createApp } from '#server/app/app';

async function readyz(app: { request: (path: string) => Response | Promise<Response> }) {
  const res = await app.request('/readyz');
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

it('is ready with the database, its migrations and a running sender; a shutdown makes it 503 at once', async () => {
  const { app, deps } = await createTestApp();
  const sender = createMailSender(deps);
  sender.start();
  try {
    expect(await readyz(app)).toEqual({ status: 200, retryAfter: null, body: { status: 'ready' } });
    app.markStopping();
    expect(await readyz(app)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unready', failing: [], stopping: true },
    });
  } finally {
    await sender.stop();
  }
});

it('names the mail sender when mail can be delivered and no sender runs; not when mail cannot go', async () => {
  const { app } = await createTestApp();
  expect(await readyz(app)).toEqual({
    status: 503,
    retryAfter: '5',
    body: { status: 'unready', failing: ['mail'] },
  });

  // Production without SMTP_URL: the sender is not started on purpose, and that is no reason
  // to take the instance out of rotation.
  const deps = await createTestDeps();
  deps.mailer = { canDeliver: false, send: () => Promise.reject(new Error('no SMTP')) };
  expect((await readyz(createApp(deps))).status).toBe(200);
});

it('names migrations when the newest one is not recorded as applied', async () => {
  const deps = await createTestDeps();
  deps.mailer = { canDeliver: false, send: () => Promise.reject(new Error('no SMTP')) };
  await writeTransaction(deps.db, (tx) =>
    tx.run(
      sql`delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)`,
    ),
  );
  expect((await readyz(createApp(deps))).body).toEqual({
    status: 'unready',
    failing: ['migrations'],
  });
});

it('stays ready when its migrations folder gains a migration after the start: an upgrade before its restart', async () => {
  const folder = migrationsWith([]);
  const db = await openDatabase(await freshDatabaseTarget(), { migrationsFolder: folder });
  const deps = await createTestDeps({ db });
  deps.mailer = { canDeliver: false, send: () => Promise.reject(new Error('no SMTP')) };
  const app = createApp(deps);
  // `git pull` and the reinstall put a new migration on disk; this code does not know it.
  addMigrations(folder, [['9901_pulled', ['CREATE TABLE pulled (x integer);']]]);
  expect(await readyz(app)).toEqual({ status: 200, retryAfter: null, body: { status: 'ready' } });
});

it('/livez answers without the database; /readyz names it once it is gone', async () => {
  const deps = await createTestDeps();
  deps.mailer = { canDeliver: false, send: () => Promise.reject(new Error('no SMTP')) };
  const app = createApp(deps);
  await closeDatabase(deps.db);

  const live = await app.request('/livez');
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok' });
  expect(await readyz(app)).toEqual({
    status: 503,
    retryAfter: '5',
    body: { status: 'unready', failing: ['database'] },
  });
});
