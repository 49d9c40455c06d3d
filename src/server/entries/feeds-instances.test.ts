/**
 * Two instances on one database (docs/content.md, "Feeds and indexes"): a publish or unpublish
 * on one shows at once in the other's feeds, sitemap and llms.txt, which each instance keeps
 * and checks against the database. On both drivers (vite.config.ts, SQLD_TESTS).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { openTestDatabase } from '#tests/support/database';
import { entrySite, type EntrySite } from '#tests/support/entry-site';
import { CASE, closeSite, get, replaceSite, setUpSite, site } from './feeds-fixtures';

beforeEach(setUpSite);
afterEach(closeSite);

describe('two instances on one database', () => {
  let dbA: Db;
  let dbB: Db;
  let siteB: EntrySite;

  beforeEach(async () => {
    site.close();
    const { db, target } = await openTestDatabase();
    await closeDatabase(db);
    dbA = await openDatabase(target);
    dbB = await openDatabase(target);
    replaceSite(await entrySite({ db: dbA }));
    siteB = await entrySite({ db: dbB });
  });

  afterEach(async () => {
    siteB.close();
    await closeDatabase(dbA);
    await closeDatabase(dbB);
  });

  it('a publish or unpublish on one shows at once in the other’s feeds, sitemap and llms.txt', async () => {
    // The other instance has answered already: nothing stale is kept.
    expect((await get('/feed.xml', siteB)).status).toBe(404);
    expect((await get('/sitemap.xml', siteB)).text).not.toContain('answers-in-minutes');
    expect((await get('/llms.txt', siteB)).text).not.toContain('answers-in-minutes');
    const id = await site.publish(CASE);
    for (const path of ['/feed.xml', '/atom.xml', '/case-studies/feed.xml']) {
      const [onA, onB] = [await get(path), await get(path, siteB)];
      expect([path, onB.status]).toEqual([path, 200]);
      expect(onB.text).toBe(onA.text);
    }
    expect((await get('/insights/feed.xml', siteB)).status).toBe(404);
    expect((await get('/sitemap.xml', siteB)).text).toContain('answers-in-minutes');
    expect((await get('/llms.txt', siteB)).text).toContain('answers-in-minutes');
    expect((await site.admin('POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
    expect((await get('/feed.xml', siteB)).status).toBe(404);
    expect((await get('/sitemap.xml', siteB)).text).not.toContain('answers-in-minutes');
    expect((await get('/llms.txt', siteB)).text).not.toContain('answers-in-minutes');
  });
});
