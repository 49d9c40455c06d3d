/**
 * The daily salt: one per day of SITE_TIMEZONE (not of UTC), shared through the database,
 * created once however many ask at the same moment, and deleted once its day is over.
 */
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '#db';
import { analyticsSalts } from '#db/schema';
import { createTestDeps, testConfig } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { page, storedEvents, visitorCaller } from '#tests/support/analytics';
import { loadSalts } from './salts';

const NEW_YORK = testConfig({ siteTimezone: 'America/New_York' });

it('rotates at midnight in SITE_TIMEZONE, and deletes the salt of the day that is over', async () => {
  const deps = await createTestDeps({ config: NEW_YORK });
  const visit = () =>
    visitorCaller(deps, { ip: '198.51.100.9' }).analytics.record({ name: 'pageview', url: page() });
  const salts = () => deps.db.select().from(analyticsSalts).all();

  // 22:00 and 23:59 in New York on the 14th, although already the 15th in UTC.
  deps.clock.set(new Date('2026-01-15T03:00:00Z'));
  await visit();
  deps.clock.set(new Date('2026-01-15T04:59:00Z'));
  await visit();
  let events = await storedEvents(deps.db);
  expect(events.map((e) => e.day)).toEqual(['2026-01-14', '2026-01-14']);
  expect(events[0]!.visitor).toBe(events[1]!.visitor);
  const first = await salts();
  expect(first.map((s) => s.day)).toEqual(['2026-01-14']);

  // 00:00 on the 15th in New York: a new salt, a new visitor; the 14th's salt is gone.
  deps.clock.set(new Date('2026-01-15T05:00:00Z'));
  await visit();
  events = await storedEvents(deps.db);
  expect(events[2]!.day).toBe('2026-01-15');
  expect(events[2]!.visitor).not.toBe(events[0]!.visitor);
  const second = await salts();
  expect(second.map((s) => s.day)).toEqual(['2026-01-15']);
  expect(second[0]!.salt).not.toBe(first[0]!.salt);
  expect(second[0]!.salt).toMatch(/^[0-9a-f]{64}$/);
});

it('two instances asking for a new day at once share the salt that won', async () => {
  // Two handles on one database: two instances, each with its own write slot.
  const { db: one, target } = await openTestDatabase();
  const two = await openDatabase(target);
  try {
    const [a, b] = await Promise.all([
      loadSalts(one, ['2026-01-15'], '2026-01-15'),
      loadSalts(two, ['2026-01-15'], '2026-01-15'),
    ]);
    expect(a.get('2026-01-15')).toMatch(/^[0-9a-f]{64}$/);
    expect(b.get('2026-01-15')).toBe(a.get('2026-01-15'));
    expect(await one.select().from(analyticsSalts).all()).toHaveLength(1);
  } finally {
    await Promise.all([closeDatabase(one), closeDatabase(two)]);
  }
});

it('an event written just after midnight keeps the salt of its own day', async () => {
  const deps = await createTestDeps();
  const visit = () =>
    visitorCaller(deps, { ip: '198.51.100.9' }).analytics.record({ name: 'pageview', url: page() });
  deps.clock.set(new Date('2026-01-14T23:59:59Z'));
  await visit();
  await storedEvents(deps.db);
  await visit();
  // The second event of the 14th is written once the 15th has begun.
  deps.clock.set(new Date('2026-01-15T00:00:01Z'));
  const events = await storedEvents(deps.db);
  expect(events.map((e) => e.day)).toEqual(['2026-01-14', '2026-01-14']);
  expect(events[1]!.visitor).toBe(events[0]!.visitor);
});
