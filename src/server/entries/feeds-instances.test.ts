/**
 * Two instances on one database (docs/content.md, "Feeds and indexes"): a publish or unpublish
 * on one shows at once in the other's feeds, sitemap and llms.txt, which each instance keeps
 * and checks against the database. On both drivers (vite.config.ts, SQLD_TESTS).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { entrySitesOnOneDatabase, type EntrySite } from '#tests/support/entry-site';
import { CASE, get } from '#tests/support/entry-feeds-fixtures';

let a: EntrySite;
let b: EntrySite;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ a, b, close } = await entrySitesOnOneDatabase());
});

afterEach(() => close());

it('a publish or unpublish on one shows at once in the other’s feeds, sitemap and llms.txt', async () => {
  // The other instance has answered already: nothing stale is kept.
  expect((await get('/feed.xml', b)).status).toBe(404);
  expect((await get('/sitemap.xml', b)).text).not.toContain('answers-in-minutes');
  expect((await get('/llms.txt', b)).text).not.toContain('answers-in-minutes');
  const id = await a.publish(CASE);
  for (const path of ['/feed.xml', '/atom.xml', '/case-studies/feed.xml']) {
    const [onA, onB] = [await get(path, a), await get(path, b)];
    expect([path, onB.status]).toEqual([path, 200]);
    expect(onB.text).toBe(onA.text);
  }
  expect((await get('/insights/feed.xml', b)).status).toBe(404);
  expect((await get('/sitemap.xml', b)).text).toContain('answers-in-minutes');
  expect((await get('/llms.txt', b)).text).toContain('answers-in-minutes');
  expect((await a.admin('POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
  expect((await get('/feed.xml', b)).status).toBe(404);
  expect((await get('/sitemap.xml', b)).text).not.toContain('answers-in-minutes');
  expect((await get('/llms.txt', b)).text).not.toContain('answers-in-minutes');
});
