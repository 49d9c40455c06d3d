/**
 * Retention: raw events past ANALYTICS_RETENTION_DAYS are rolled up into daily totals, then
 * deleted, by the maintenance round; the report still shows those days from the totals.
 */
import { expect, it } from 'vitest';
import { analyticsDaily, analyticsEvents, analyticsSalts } from '#db/schema';
import { adminCaller, createTestDeps, testConfig } from '#tests/support/app';
import { contactBody } from '#tests/support/contact';
import { AGENTS, page, storedEvents, visitorCaller } from '#tests/support/analytics';
import { pruneExpired } from '#server/maintenance/prune';
import { firstKeptDay } from './retention';

const DAY_MS = 24 * 60 * 60_000;

it('the first day kept is today minus the retention, in SITE_TIMEZONE', () => {
  const settings = { siteTimezone: 'America/New_York', analyticsRetentionDays: 2 };
  // 03:00 UTC on the 15th is still the 14th in New York.
  expect(firstKeptDay(new Date('2026-01-15T03:00:00Z'), settings)).toBe('2026-01-12');
  expect(firstKeptDay(new Date('2026-01-15T05:00:00Z'), settings)).toBe('2026-01-13');
});

it('rolls up days past retention into daily totals, deletes their events, keeps the rest', async () => {
  const deps = await createTestDeps({ config: testConfig({ analyticsRetentionDays: 2 }) });
  const day1 = new Date('2026-01-10T09:00:00Z');
  deps.clock.set(day1);
  // 2026-01-10: two visitors, three pageviews, one contact, one subscription.
  const ann = visitorCaller(deps, { ip: '198.51.100.1' });
  const bob = visitorCaller(deps, { ip: '198.51.100.2', userAgent: AGENTS.safariIphone });
  await ann.analytics.record({ name: 'pageview', url: page('/') });
  await ann.analytics.record({ name: 'pageview', url: page('/services') });
  await ann.contact.send(contactBody('retention', 1));
  await bob.analytics.record({ name: 'pageview', url: page('/') });
  await bob.newsletter.subscribe({ email: 'bob@example.com' });
  // 2026-01-12: one pageview, kept raw.
  deps.clock.set(new Date(day1.getTime() + 2 * DAY_MS));
  await ann.analytics.record({ name: 'pageview', url: page('/') });
  await storedEvents(deps.db);

  const admin = await adminCaller(deps);
  const range = { from: '2026-01-10', to: '2026-01-12' };
  const before = await admin.analytics.report(range);

  // 2026-01-14: the 10th is more than 2 whole days over, the 12th is not.
  deps.clock.set(new Date(day1.getTime() + 4 * DAY_MS));
  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  expect(await deps.db.select().from(analyticsDaily).all()).toEqual([
    { day: '2026-01-10', visitors: 2, pageviews: 3, contacts: 1, subscriptions: 1, bookings: 0 },
  ]);
  const left = await deps.db.select().from(analyticsEvents).all();
  expect(left.map((e) => e.day)).toEqual(['2026-01-12']);
  // The daily rows (and so the CSV and the totals) are unchanged by the pruning.
  const after = await admin.analytics.report(range);
  expect(after.daily).toEqual(before.daily);
  expect(after.daily).toEqual([
    { date: '2026-01-10', visitors: 2, pageviews: 3, contacts: 1, subscriptions: 1, bookings: 0 },
    { date: '2026-01-11', visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0, bookings: 0 },
    { date: '2026-01-12', visitors: 1, pageviews: 1, contacts: 0, subscriptions: 0, bookings: 0 },
  ]);
  expect(after.totals).toEqual(before.totals);
  // The lists come from raw events only: the pruned day no longer has its pages.
  expect(after.pages).toEqual([{ path: '/', visitors: 1, pageviews: 1 }]);

  // Pruning again changes nothing.
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect(await deps.db.select().from(analyticsDaily).all()).toHaveLength(1);
  expect((await admin.analytics.report(range)).daily).toEqual(after.daily);
});

it('the maintenance round deletes the salts of days that are over, even with no event since', async () => {
  const deps = await createTestDeps({ config: testConfig({ siteTimezone: 'America/New_York' }) });
  // 2026-01-15 in New York.
  deps.clock.set(new Date('2026-01-15T20:00:00Z'));
  await visitorCaller(deps, { ip: '198.51.100.1' }).analytics.record({
    name: 'pageview',
    url: page(),
  });
  await storedEvents(deps.db);

  // 04:59 UTC on the 16th is 23:59 on the 15th in New York: the day is not over.
  deps.clock.set(new Date('2026-01-16T04:59:00Z'));
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect((await deps.db.select().from(analyticsSalts).all()).map((s) => s.day)).toEqual([
    '2026-01-15',
  ]);

  deps.clock.set(new Date('2026-01-16T05:00:00Z'));
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect(await deps.db.select().from(analyticsSalts).all()).toEqual([]);
});
