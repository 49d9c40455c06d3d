import { expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '#db';
import { createApp } from '#server/app/app';
import { createTestClock, createTestDeps } from '#tests/support/app';
import { freshDatabaseTarget } from '#tests/support/database';
import { insertUser, PASSWORD } from '#tests/support/users';

function login(app: ReturnType<typeof createApp>, password: string) {
  return app.request('/api/admin/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password }),
  });
}

// Six real password hashes: explicit budget for a busy 2-core machine.
it(
  'keeps the login throttle across a restart on the same database',
  { timeout: 30_000 },
  async () => {
    const target = await freshDatabaseTarget();
    const clock = createTestClock();

    const first = await createTestDeps({ db: await openDatabase(target), clock });
    await insertUser(first, 'alice');
    const firstApp = createApp(first);
    for (let i = 0; i < 5; i++) expect((await login(firstApp, 'wrong password')).status).toBe(401);
    await closeDatabase(first.db);

    const second = await createTestDeps({ db: await openDatabase(target), clock });
    const res = await login(createApp(second), PASSWORD);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    await closeDatabase(second.db);
  },
);
