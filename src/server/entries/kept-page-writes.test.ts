/**
 * The kept page (docs/content.md, "The entry pages") where writes meet: removed in the
 * unpublish's own write, not kept when written from a read made before an unpublish, and a
 * publish or unpublish on one instance seen at once by another on the same database. What
 * one write sees of another is the driver's, so this runs on both (vite.config.ts,
 * SQLD_TESTS); the pages' other rules are in pages.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { entryPages } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { createTestDeps, signedInCookie } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { storeEntryPage } from './entry-page-store';
import {
  admin,
  app,
  CASE,
  clientDir,
  currentFrame,
  deps,
  dir,
  page,
  published,
  removeClientDir,
  setUpSite,
  useCookie,
} from '#tests/support/entry-pages';
import { publishedEntry } from './published';

beforeEach(setUpSite);
afterEach(removeClientDir);

it('an unpublished entry’s page goes in the same write: 404 at once', async () => {
  const id = await published();
  expect((await page('/case-studies/answers-in-minutes')).status).toBe(200);
  expect((await admin(app, 'POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
  expect(await deps.db.select().from(entryPages).all()).toEqual([]);
  expect((await page('/case-studies/answers-in-minutes')).status).toBe(404);
});

it('a page written from a read made before an unpublish is not kept', async () => {
  const id = await published();
  const read = await publishedEntry(deps.db, 'case_study', 'answers-in-minutes');
  expect((await admin(app, 'POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
  if (!read) throw new Error('the entry was published');
  await storeEntryPage(deps, await currentFrame(), read);
  expect(await deps.db.select().from(entryPages).all()).toEqual([]);
});

describe('two instances on one database', () => {
  let dbA: Db;
  let dbB: Db;
  let appA: App;
  let appB: App;

  beforeEach(async () => {
    const { db, target } = await openTestDatabase();
    await closeDatabase(db);
    dbA = await openDatabase(target);
    dbB = await openDatabase(target);
    const depsA = await createTestDeps({ db: dbA });
    appA = createApp(depsA, { clientDir: dir });
    appB = createApp(await createTestDeps({ db: dbB }), { clientDir: clientDir() });
    useCookie(await signedInCookie(depsA));
  });

  afterEach(async () => {
    await closeDatabase(dbA);
    await closeDatabase(dbB);
  });

  it('a publish or unpublish on one is seen at once on the other, page and list, same bytes', async () => {
    // The other instance has sent its (empty) list and 404 already: nothing stale is kept.
    expect((await page('/case-studies', appB)).status).toBe(404);
    expect((await page('/case-studies/answers-in-minutes', appB)).status).toBe(404);
    const id = await published(CASE, appA);
    const onA = await page('/case-studies/answers-in-minutes', appA);
    const onB = await page('/case-studies/answers-in-minutes', appB);
    expect(onB.status).toBe(200);
    expect(onB.text).toBe(onA.text);
    expect((await page('/case-studies', appB)).text).toContain('Answers in minutes');

    expect((await admin(appA, 'POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
    expect((await page('/case-studies/answers-in-minutes', appB)).status).toBe(404);
    expect((await page('/case-studies', appB)).status).toBe(404);
  });
});
