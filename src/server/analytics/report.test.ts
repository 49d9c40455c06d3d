/**
 * `analytics.report` on a scripted set of visitors, every figure exact: the days (zeros
 * included), the previous period, pages, sources, campaigns, devices, custom events, live,
 * and each conversion credited to its visitor's first pageview of the day as it is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { adminCaller, createTestDeps, type TestDeps } from '#tests/support/app';
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
      { date: '2026-01-13', visitors: 3, pageviews: 5, contacts: 1, subscriptions: 1 },
      { date: '2026-01-14', visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0 },
      // D wrote without a pageview: a contact, but no visitor (conversions keep none).
      { date: '2026-01-15', visitors: 2, pageviews: 3, contacts: 2, subscriptions: 0 },
    ]);
    expect(report.totals).toEqual({
      visitors: 5,
      pageviews: 8,
      contacts: 3,
      subscriptions: 1,
      conversionRate: 3 / 5,
    });
  });

  it('the previous period: the three days before', () => {
    expect(report.previous).toEqual({
      visitors: 3,
      pageviews: 3,
      contacts: 1,
      subscriptions: 0,
      conversionRate: 1 / 3,
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

  it("sources: the first pageview's utm_source, else its referrer's host, else Direct; contacts credited there", () => {
    expect(report.sources).toEqual([
      // C typed the address; D wrote without a pageview that day (a contact, no visitor).
      { source: 'Direct', visitors: 1, contacts: 1 },
      { source: 'news.ycombinator.com', visitors: 1, contacts: 1 },
      { source: 'newsletter', visitors: 1, contacts: 1 },
      // utm_source wins over the referrer; a later page's source does not count.
      { source: 'google', visitors: 1, contacts: 0 },
      { source: 'www.google.com', visitors: 1, contacts: 0 },
    ]);
  });

  it('campaigns: only the first pageview of a visitor-day tags it', () => {
    expect(report.campaigns).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'spring', visitors: 1, contacts: 1 },
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
      conversionRate: 4 / 8,
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
    const zero = { visitors: 0, pageviews: 0, contacts: 0, subscriptions: 0 };
    expect(empty).toEqual({
      from: '2026-01-14',
      to: '2026-01-15',
      totals: { ...zero, conversionRate: 0 },
      previous: { ...zero, conversionRate: 0 },
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
    });
  });
});
