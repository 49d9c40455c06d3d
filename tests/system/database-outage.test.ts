/**
 * The database out of reach while the app runs (a libSQL server stopped): every kind of
 * request answers 503 with the error body and Retry-After, public and admin, tRPC and REST,
 * never a 500. Uses a sqld of its own in either test mode.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { openDatabase, writeTransaction } from '#db';
import type { SqldProcess } from '../../scripts/sqld-process';
import { createTestApp, signedInCookie, callerFor, type TestDeps } from '#tests/support/app';
import { openTestDatabase, startTestSqld } from '#tests/support/database';
import type { App } from '#server/app/app';
import { DATABASE_UNAVAILABLE } from '#server/platform/errors';

let sqld: SqldProcess;
let app: App;
let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  sqld = await startTestSqld();
  ({ app, deps } = await createTestApp({ db: await openDatabase({ url: sqld.url }) }));
  cookie = await signedInCookie(deps);
  await sqld.stop();
});

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('retry-after')).toBe('5');
  return (await res.json()) as unknown;
}

it('answers public and admin tRPC calls with 503', async () => {
  const admin = await app.request('/api/trpc/messages.unreadCount', { headers: { cookie } });
  const body = (await expectUnavailable(admin)) as { error: { message: string } };
  expect(body.error.message).toBe(DATABASE_UNAVAILABLE);
  const batch = await app.request(
    `/api/trpc/facts.listPublic,admin.check?batch=1&input=${encodeURIComponent('{}')}`,
    { headers: { cookie } },
  );
  await expectUnavailable(batch);
  await expect(callerFor(deps, { cookie }).caller.facts.listAll()).rejects.toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: DATABASE_UNAVAILABLE,
  });
  expect(deps.logger.lines.join('\n')).toContain('db.unavailable');
});

it('answers REST paths, the facts fast path, CSV downloads and writes with 503', async () => {
  for (const path of ['/api/ai-facts', '/api/messages', '/api/messages.csv', '/healthz']) {
    const res = await app.request(path, { headers: { cookie } });
    expect(await expectUnavailable(res)).toEqual({
      success: false,
      message: DATABASE_UNAVAILABLE,
    });
  }
  const post = await app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'other',
      message: 'Sent while the database is away.',
      privacy: true,
    }),
  });
  await expectUnavailable(post);
});

it('fails a CSV export before its first byte when the first read fails', async () => {
  // Any failure of the first read, not only an outage: the status says so, not a cut 200.
  const { db } = await openTestDatabase();
  const local = await createTestApp({ db });
  const localCookie = await signedInCookie(local.deps);
  await writeTransaction(db, (tx) => tx.run(sql`drop table contacts`));
  const res = await local.app.request('/api/messages.csv', { headers: { cookie: localCookie } });
  expect(res.status).toBe(500);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
});
