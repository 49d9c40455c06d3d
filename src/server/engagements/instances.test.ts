/**
 * Two instances on one database (two connections to the file, or two clients of one libSQL
 * server in the `server-sqld` project): a link the owner replaces or revokes on one answers 410
 * on the other at once, since each request reads the link's row and nothing is cached
 * (docs/engagements.md, "The link").
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { createApp, type App } from '#server/app/app';
import { callerFor, createTestDeps, signedInCookie, type Caller } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { storeEngagement, type StoredEngagement } from '#tests/support/engagements';

let dbA: Db;
let dbB: Db;
let ownerOnA: Caller;
let appB: App;
let engagement: StoredEngagement;

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const depsA = await createTestDeps({ db: dbA });
  const depsB = await createTestDeps({ db: dbB });
  ownerOnA = callerFor(depsA, { cookie: await signedInCookie(depsA) }).caller;
  appB = createApp(depsB);
  engagement = await storeEngagement(depsA);
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

const statusOnB = async (token: string) => (await appB.request(`/api/e/${token}`)).status;

it('answers a link replaced on the other instance 410 at once', async () => {
  expect(await statusOnB(engagement.token)).toBe(200);
  await ownerOnA.engagements.link({ id: engagement.id });
  expect(await statusOnB(engagement.token)).toBe(410);
});

it('answers a link revoked on the other instance 410 at once', async () => {
  expect(await statusOnB(engagement.token)).toBe(200);
  await ownerOnA.engagements.revoke({ id: engagement.id });
  expect(await statusOnB(engagement.token)).toBe(410);
});
