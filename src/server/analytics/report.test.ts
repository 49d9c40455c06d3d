/**
 * `analytics.report` on a scripted set of visitors, every figure exact: the days (zeros
 * included), the previous period, pages, sources, campaigns, devices, custom events, live,
 * and each conversion credited to its visitor's first pageview of the day as it is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#shared/shapes/analytics';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { analyticsEvents, leads } from '#db/schema';
import { eventsOf } from './report-query';
import { adminCaller, createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { contactBody } from '#tests/support/contact';
import { AGENTS, page, storedEvents, visitorCaller } from '#tests/support/analytics';

let deps: TestDeps;
let report: AnalyticsReport;

/**
 * The script (SITE_TIMEZONE UTC). Previous period, 2026-01-11: three visitors, one contact.
 * 2026-01-13: A comes from the newsletter's spring campaign, reads two pages, clicks the
 * call to action and writes; B comes from Google on a phone and subscribes; C types the
 * address on a tablet and plays the video. 2026-01-14: nobody. 2026-01-15: A again (a new
 * visitor that day) from Hacker News, writes; D writes without any pageview; B again with
 * utm_source=google, then a page tagged with a campaign that is not the first.
 */
beforeAll(async () => {
  deps = await createTestDeps();
  const at = (iso: string) => deps.clock.set(new Date(iso));
  const visitor = (ip: string, userAgent: string = AGENTS.chromeWindows) =>
    visitorCaller(deps, { ip, userAgent });
  const view = (who: ReturnType<typeof visitor>, path: string, referrer?: string) =>
    who.analytics.record({ name: 'pageview', url: page(path), referrer });

  at('2026-01-11T12:00:00Z');
  await view(visitor('192.0.2.1'), '/');
  await view(visitor('192.0.2.2'), '/');
  await visitor('192.0.2.2').contact.send(contactBody('previous', 1));
  await view(visitor('192.0.2.3'), '/about');

  const a = visitor('198.51.100.1');
  const b = visitor('198.51.100.2', AGENTS.safariIphone);
  const c = visitor('198.51.100.3', AGENTS.safariIpad);
  at('2026-01-13T08:00:00Z');
  await view(a, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring');
  at('2026-01-13T08:01:00Z');
  await view(a, '/services');
  await a.analytics.record({ name: 'cta_click', url: page('/services') });
  await a.contact.send(contactBody('spring', 1));
  at('2026-01-13T09:00:00Z');
  await view(b, '/', 'https://www.google.com/search?q=ai+consultancy');
  await view(b, '/about', 'http://localhost/');
  await b.newsletter.subscribe({ email: 'b@example.com' });
  at('2026-01-13T23:59:00Z');
  await view(c, '/services');
  await c.analytics.record({ name: 'video_play', url: page('/services') });

  const d = visitor('2001:db8:1::5', AGENTS.firefoxLinux);
  at('2026-01-15T09:00:00Z');
  await view(a, '/', 'https://news.ycombinator.com/item?id=1');
  at('2026-01-15T09:01:00Z');
  await a.contact.send(contactBody('hn', 1));
  at('2026-01-15T10:02:00Z');
  await d.contact.send(contactBody('direct', 1));
  at('2026-01-15T10:03:00Z');
  await view(b, '/?utm_source=google', 'https://www.google.com/');
  at('2026-01-15T10:04:00Z');
  await view(b, '/pricing?utm_source=ads&utm_campaign=late');

  await storedEvents(deps.db);
  at('2026-01-15T10:05:00Z');
  report = await (
    await adminCaller(deps)
  ).analytics.report({
    from: '2026-01-13',
    to: '2026-01-15',
  });
});

describe('the scripted visitors', () => {
  it('each day of the range, zeros included, and the totals', () => {
    expect(report.from).toBe('2026-01-13');
    expect(report.to).toBe('2026-01-15');
    expect(report.daily).toEqual([
      { date: '2026-01-13', visitors: 3, pageviews: 5, contacts: 1, subscriptions: 1, bookings: 0 },
      { date: '2026-01-14', visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0, bookings: 0 },
      // D wrote without a pageview: a contact, but no visitor (conversions keep none).
      { date: '2026-01-15', visitors: 2, pageviews: 3, contacts: 2, subscriptions: 0, bookings: 0 },
    ]);
    expect(report.totals).toEqual({
      visitors: 5,
      pageviews: 8,
      contacts: 3,
      subscriptions: 1,
      bookings: 0,
      conversionRate: 3 / 5,
      medianFirstReplyMinutes: null,
    });
  });

  it('the previous period: the three days before', () => {
    expect(report.previous).toEqual({
      visitors: 3,
      pageviews: 3,
      contacts: 1,
      subscriptions: 0,
      bookings: 0,
      conversionRate: 1 / 3,
      medianFirstReplyMinutes: null,
    });
  });

  it('pages by visitors, then pageviews, without queries', () => {
    expect(report.pages).toEqual([
      { path: '/', visitors: 4, pageviews: 4 },
      { path: '/services', visitors: 2, pageviews: 2 },
      { path: '/about', visitors: 1, pageviews: 1 },
      { path: '/pricing', visitors: 1, pageviews: 1 },
    ]);
  });

  // Every message came from one address: its lead was made on 2026-01-11, before the range.
  const noLeads = { leads: 0, won: 0, wonValue: 0 };

  it("sources: the first pageview's utm_source, else its referrer's host, else Direct; contacts credited there", () => {
    expect(report.sources).toEqual([
      // C typed the address; D wrote without a pageview that day (a contact, no visitor).
      { source: 'Direct', visitors: 1, contacts: 1, bookings: 0, ...noLeads },
      { source: 'news.ycombinator.com', visitors: 1, contacts: 1, bookings: 0, ...noLeads },
      { source: 'newsletter', visitors: 1, contacts: 1, bookings: 0, ...noLeads },
      // utm_source wins over the referrer; a later page's source does not count.
      { source: 'google', visitors: 1, contacts: 0, bookings: 0, ...noLeads },
      { source: 'www.google.com', visitors: 1, contacts: 0, bookings: 0, ...noLeads },
    ]);
  });

  it('campaigns: only the first pageview of a visitor-day tags it', () => {
    expect(report.campaigns).toEqual([
      {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        visitors: 1,
        contacts: 1,
        bookings: 0,
      },
    ]);
  });

  it('devices by visitor-day, custom events by count', () => {
    expect(report.devices).toEqual([
      { device: 'desktop', visitors: 2 },
      { device: 'mobile', visitors: 2 },
      { device: 'tablet', visitors: 1 },
    ]);
    expect(report.events).toEqual([
      { name: 'cta_click', count: 1 },
      { name: 'video_play', count: 1 },
    ]);
  });

  it('live: the visitors of the last 5 minutes', () => {
    // B; D's contact at 10:02 is no visitor.
    expect(report.live).toBe(1);
  });

  it('the same person is another visitor the next day', async () => {
    const events = await storedEvents(deps.db);
    const ofA = events.filter(
      (e) => e.browser === 'Chrome' && e.day >= '2026-01-13' && e.name !== 'contact',
    );
    const byDay = new Map<string, Set<string>>();
    for (const e of ofA) byDay.set(e.day, (byDay.get(e.day) ?? new Set()).add(e.visitor));
    expect([...byDay.values()].map((visitors) => visitors.size)).toEqual([1, 1]);
    const [on13, on15] = [...byDay.values()].map((visitors) => [...visitors][0]);
    expect(on13).not.toBe(on15);
  });

  it('without a range: the last 30 days up to today', async () => {
    const whole = await (await adminCaller(deps)).analytics.report();
    expect(whole.from).toBe('2025-12-17');
    expect(whole.to).toBe('2026-01-15');
    expect(whole.daily).toHaveLength(30);
    expect(whole.totals).toEqual({
      visitors: 8,
      pageviews: 11,
      contacts: 4,
      subscriptions: 1,
      bookings: 0,
      conversionRate: 4 / 8,
      medianFirstReplyMinutes: null,
    });
    expect(whole.previous.visitors).toBe(0);
  });
});

describe('an empty site', () => {
  it('answers zeros, empty lists and no rate', async () => {
    const fresh = await createTestDeps();
    const empty = await (
      await adminCaller(fresh)
    ).analytics.report({
      from: '2026-01-14',
      to: '2026-01-15',
    });
    const zero = { visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0, bookings: 0 };
    expect(empty).toEqual({
      from: '2026-01-14',
      to: '2026-01-15',
      totals: { ...zero, conversionRate: 0, medianFirstReplyMinutes: null },
      previous: { ...zero, conversionRate: 0, medianFirstReplyMinutes: null },
      daily: [
        { date: '2026-01-14', ...zero },
        { date: '2026-01-15', ...zero },
      ],
      pages: [],
      sources: [],
      campaigns: [],
      devices: [],
      events: [],
      live: 0,
      proposals: { out: 0, acceptedThisMonth: 0, depositsPaid: [] },
      invoices: [],
    });
  });
});

/**
 * Leads per source and the first reply, in New York's days (2026-01-13 to 2026-01-15 is
 * 05:00 UTC on the 13th to 05:00 UTC on the 16th). In the range: two leads from Google (one
 * won for 12,000, replied in 45 min; one replied in 3 h 10 min), one written from the
 * newsletter (won for 2,500, replied in 2 d 4 h), one made before sources were kept (no
 * source: Direct; won without a value, never replied) and one from LinkedIn, whose visitors
 * fell outside the range (lost, replied in 61 min). Around it: a lead a minute before the
 * range (replied in 30 min: the previous period's median) and one just after it.
 */
describe('leads per source and the first reply', () => {
  let leadDeps: TestDeps;
  const MIN = 60_000;

  async function addLead(
    email: string,
    createdIso: string,
    fields: Partial<typeof leads.$inferInsert> = {},
  ) {
    const createdAt = new Date(createdIso);
    await writeTransaction(leadDeps.db, (tx) =>
      tx
        .insert(leads)
        .values({ email, name: email, createdAt, lastActivityAt: createdAt, ...fields }),
    );
  }
  const repliedAfter = (createdIso: string, minutes: number) =>
    new Date(Date.parse(createdIso) + minutes * MIN);
  const rangeReport = async () =>
    (await adminCaller(leadDeps)).analytics.report({ from: '2026-01-13', to: '2026-01-15' });

  beforeAll(async () => {
    leadDeps = await createTestDeps({
      config: testConfig({ siteTimezone: 'America/New_York' }),
    });
    const at = (iso: string) => leadDeps.clock.set(new Date(iso));
    const visitor = (ip: string) => visitorCaller(leadDeps, { ip });

    at('2026-01-13T15:00:00Z');
    await visitor('198.51.100.1').analytics.record({
      name: 'pageview',
      url: page('/'),
      referrer: 'https://www.google.com/',
    });
    at('2026-01-14T10:00:00Z');
    await visitor('198.51.100.2').analytics.record({
      name: 'pageview',
      url: page('/'),
      referrer: 'https://www.google.com/',
    });
    await visitor('198.51.100.3').analytics.record({ name: 'pageview', url: page('/about') });
    // The newsletter's reader writes: the contact form makes the lead and credits its source.
    at('2026-01-15T12:00:00Z');
    const reader = visitor('198.51.100.4');
    await reader.analytics.record({ name: 'pageview', url: page('/?utm_source=newsletter') });
    await reader.contact.send(contactBody('newsletter', 1));
    await storedEvents(leadDeps.db);
    await writeTransaction(leadDeps.db, (tx) =>
      tx
        .update(leads)
        .set({
          status: 'won',
          value: 2500,
          firstReplyAt: repliedAfter('2026-01-15T12:00:00Z', 2 * 24 * 60 + 4 * 60),
        })
        .where(eq(leads.email, contactBody('newsletter', 1).email)),
    );

    await addLead('g1@example.com', '2026-01-13T15:05:00Z', {
      source: 'www.google.com',
      status: 'won',
      value: 12_000,
      firstReplyAt: repliedAfter('2026-01-13T15:05:00Z', 45),
    });
    await addLead('g2@example.com', '2026-01-14T10:05:00Z', {
      source: 'www.google.com',
      status: 'replied',
      firstReplyAt: repliedAfter('2026-01-14T10:05:00Z', 190),
    });
    // 23:59 on the 15th in New York.
    await addLead('old@example.com', '2026-01-16T04:59:00Z', { status: 'won' });
    await addLead('in@example.com', '2026-01-14T18:00:00Z', {
      source: 'linkedin.com',
      status: 'lost',
      lostReason: 'Chose another firm',
      firstReplyAt: repliedAfter('2026-01-14T18:00:00Z', 61),
    });
    // 23:59 on the 12th, and 00:00 on the 16th, in New York.
    await addLead('before@example.com', '2026-01-13T04:59:00Z', {
      source: 'www.google.com',
      status: 'won',
      value: 1,
      firstReplyAt: repliedAfter('2026-01-13T04:59:00Z', 30),
    });
    await addLead('after@example.com', '2026-01-16T05:00:00Z', {
      source: 'www.google.com',
      status: 'won',
      value: 99_999,
      firstReplyAt: repliedAfter('2026-01-16T05:00:00Z', 1),
    });
  });

  it('per source: the leads created in the range, those won and their value', async () => {
    const report = await rangeReport();
    expect(report.sources).toEqual([
      {
        source: 'www.google.com',
        visitors: 2,
        contacts: 0,
        bookings: 0,
        leads: 2,
        won: 1,
        wonValue: 12_000,
      },
      {
        source: 'newsletter',
        visitors: 1,
        contacts: 1,
        bookings: 0,
        leads: 1,
        won: 1,
        wonValue: 2500,
      },
      // A lead without a source is Direct; won without a value adds nothing to the value.
      { source: 'Direct', visitors: 1, contacts: 0, bookings: 0, leads: 1, won: 1, wonValue: 0 },
      // Leads but no visitors in the range: still a row.
      {
        source: 'linkedin.com',
        visitors: 0,
        contacts: 0,
        bookings: 0,
        leads: 1,
        won: 0,
        wonValue: 0,
      },
    ]);
  });

  it('the median minutes to the first reply: the mean of the middle two of four, rounded', async () => {
    const report = await rangeReport();
    // 45, 61, 190 and 3,120 minutes (the lead never replied to is left out): (61 + 190) / 2.
    expect(report.totals.medianFirstReplyMinutes).toBe(126);
    // One lead in the previous period: its own wait.
    expect(report.previous.medianFirstReplyMinutes).toBe(30);
  });

  it('an odd count: the middle one', async () => {
    const oneDay = await (
      await adminCaller(leadDeps)
    ).analytics.report({ from: '2026-01-13', to: '2026-01-14' });
    // 45, 61 and 190 minutes.
    expect(oneDay.totals.medianFirstReplyMinutes).toBe(61);
  });

  it('no lead replied to in the range: null', async () => {
    const quiet = await (
      await adminCaller(leadDeps)
    ).analytics.report({ from: '2026-01-10', to: '2026-01-11' });
    expect(quiet.totals.medianFirstReplyMinutes).toBeNull();
    expect(quiet.sources).toEqual([]);
  });

  it('the 50 rows keep every source that brought leads, whatever its traffic', async () => {
    leadDeps.clock.set(new Date('2026-01-14T12:00:00Z'));
    for (let i = 0; i < 50; i++) {
      await visitorCaller(leadDeps, { ip: `203.0.113.${i + 1}` }).analytics.record({
        name: 'pageview',
        url: page('/'),
        referrer: `https://site-${String(i).padStart(2, '0')}.example/`,
      });
    }
    await storedEvents(leadDeps.db);
    const report = await rangeReport();
    expect(report.sources).toHaveLength(50);
    expect(report.sources.map((row) => row.source)).toEqual([
      'www.google.com',
      'newsletter',
      'Direct',
      // 46 of the 50 sources of one visitor each, by name; the last four are cut.
      ...Array.from({ length: 46 }, (_, i) => `site-${String(i).padStart(2, '0')}.example`),
      'linkedin.com',
    ]);
  });
});

describe('the events list', () => {
  it('leaves out pageviews and every conversion, the booked calls included', async () => {
    const { db } = await createTestDeps();
    const row = (name: string) => ({
      at: new Date('2026-01-13T08:00:00Z'),
      day: '2026-01-13',
      name,
      device: 'desktop' as const,
      browser: 'Chrome',
      visitor: '',
    });
    await writeTransaction(db, (tx) =>
      tx
        .insert(analyticsEvents)
        .values(['pageview', 'contact', 'subscription', 'booking', 'cta_click'].map(row)),
    );
    expect(await eventsOf(db, { from: '2026-01-13', to: '2026-01-13' })).toEqual([
      { name: 'cta_click', count: 1 },
    ]);
  });
});
