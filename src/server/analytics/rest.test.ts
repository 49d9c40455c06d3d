/**
 * POST /api/event, GET /api/analytics and /api/analytics.csv through app.request(): the
 * answers, the guards every /api path has, the ranges and their 400s, and the CSV file equal
 * to the JSON's daily rows.
 */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '../../shared/analytics';
import { createTestApp, signedInCookie, testConfig } from '../../../tests/support/app';
import { AGENTS, page, storedEvents } from '../../../tests/support/analytics';
import { rest, UNAUTHORIZED } from '../../../tests/support/rest';
import { MAX_BODY_BYTES } from '../http/middleware';

async function analyticsApp() {
  const { app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) });
  const cookie = await signedInCookie(deps);
  return { app, deps, cookie };
}

type App = Awaited<ReturnType<typeof analyticsApp>>['app'];

/** A beacon's POST as a browser sends it: JSON, a user agent, from an address. */
async function postEvent(
  app: App,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await app.request('/api/event', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': AGENTS.chromeWindows,
      'x-forwarded-for': '198.51.100.20',
      ...headers,
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const accepted = { status: 202, body: { success: true } };

describe('POST /api/event', () => {
  it('answers 202 and records the pageview', async () => {
    const { app, deps } = await analyticsApp();
    const json = JSON.stringify({ name: 'pageview', url: page('/about?utm_source=x') });
    expect(await postEvent(app, json)).toEqual(accepted);
    const [event] = await storedEvents(deps.db);
    expect(event).toMatchObject({ name: 'pageview', path: '/about', utmSource: 'x' });
  });

  it('answers 202 to what it does not record: a bot, GPC, another host, a conversion', async () => {
    const { app, deps } = await analyticsApp();
    const json = JSON.stringify({ name: 'pageview', url: page() });
    expect(await postEvent(app, json, { 'user-agent': AGENTS.googlebot })).toEqual(accepted);
    expect(await postEvent(app, json, { 'sec-gpc': '1' })).toEqual(accepted);
    expect(
      await postEvent(app, JSON.stringify({ name: 'pageview', url: 'https://elsewhere.example/' })),
    ).toEqual(accepted);
    expect(await postEvent(app, JSON.stringify({ name: 'contact', url: page() }))).toEqual(
      accepted,
    );
    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it("answers 202 to the owner's own visit, and does not record it", async () => {
    const { app, deps, cookie } = await analyticsApp();
    const json = JSON.stringify({ name: 'pageview', url: page() });
    expect(await postEvent(app, json, { cookie })).toEqual(accepted);
    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it.each([
    [{ name: 'Page View', url: page() }, 'name', ANALYTICS_MESSAGES.name],
    [{ name: 'x'.repeat(41), url: page() }, 'name', ANALYTICS_MESSAGES.name],
    [{ name: 'pageview', url: '/relative' }, 'url', ANALYTICS_MESSAGES.url],
    [{ name: 'pageview', url: 'javascript:alert(1)' }, 'url', ANALYTICS_MESSAGES.url],
    [{ name: 'pageview', url: `${page('/')}${'a'.repeat(2000)}` }, 'url', ANALYTICS_MESSAGES.url],
    [
      { name: 'pageview', url: page(), referrer: 'r'.repeat(2001) },
      'referrer',
      ANALYTICS_MESSAGES.url,
    ],
  ])('answers 400 to %j', async (json, path, message) => {
    const { app, deps } = await analyticsApp();
    const answer = await postEvent(app, JSON.stringify(json));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, issues: [{ path, message }] });
    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it('answers 400 to malformed JSON and to an empty body', async () => {
    const { app } = await analyticsApp();
    expect(await postEvent(app, '{"name":')).toEqual({
      status: 400,
      body: { success: false, message: 'Request body must be valid JSON' },
    });
    expect((await postEvent(app, '')).status).toBe(400);
  });

  it('has the guards of every /api path: 413, 415, cross-site 403', async () => {
    const { app, deps } = await analyticsApp();
    const big = JSON.stringify({ name: 'pageview', url: page(), pad: 'x'.repeat(MAX_BODY_BYTES) });
    expect((await postEvent(app, big)).status).toBe(413);
    const json = JSON.stringify({ name: 'pageview', url: page() });
    expect((await postEvent(app, json, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await postEvent(app, json, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postEvent(app, json, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await storedEvents(deps.db)).toEqual([]);
  });
});

describe('GET /api/analytics and /api/analytics.csv', () => {
  /** An app with a few events on 2026-01-14 and 2026-01-15 (today). */
  async function withEvents() {
    const setup = await analyticsApp();
    const send = (ip: string, name: string, path: string) =>
      postEvent(setup.app, JSON.stringify({ name, url: page(path) }), { 'x-forwarded-for': ip });
    setup.deps.clock.set(new Date('2026-01-14T12:00:00Z'));
    await send('198.51.100.1', 'pageview', '/');
    await send('198.51.100.2', 'pageview', '/');
    await send('198.51.100.2', 'pageview', '/services');
    setup.deps.clock.set(new Date('2026-01-15T12:00:00Z'));
    await send('198.51.100.1', 'pageview', '/');
    await send('198.51.100.1', 'cta_click', '/');
    await storedEvents(setup.deps.db);
    // Two hours on from the sign-in: that session ended idle (30 minutes); sign in anew.
    return { ...setup, cookie: await signedInCookie(setup.deps) };
  }

  it('answers the report with success, by default the last 30 days', async () => {
    const { app, cookie } = await withEvents();
    const { status, body } = await rest(app, 'GET', '/api/analytics', { cookie });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      from: '2025-12-17',
      to: '2026-01-15',
      totals: { visitors: 3, pageviews: 4, contacts: 0, subscriptions: 0, conversionRate: 0 },
      pages: [
        { path: '/', visitors: 3, pageviews: 3 },
        { path: '/services', visitors: 1, pageviews: 1 },
      ],
      events: [{ name: 'cta_click', count: 1 }],
    });
  });

  it('the CSV holds exactly the JSON daily rows', async () => {
    const { app, cookie } = await withEvents();
    const range = 'from=2026-01-10&to=2026-01-16';
    const json = await rest(app, 'GET', `/api/analytics?${range}`, { cookie });
    const response = await app.request(`/api/analytics.csv?${range}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="analytics-2026-01-15.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = text.slice(0, -2).split('\r\n');
    expect(header).toBe('date,visitors,pageviews,contacts,subscriptions');
    const fromCsv = lines.map((line) => {
      const [date, ...figures] = line.split(',');
      const [visitors, pageviews, contacts, subscriptions] = figures.map(Number);
      return { date, visitors, pageviews, contacts, subscriptions };
    });
    const daily = (json.body as { daily: unknown[] }).daily;
    expect(fromCsv).toEqual(daily);
    expect(fromCsv).toHaveLength(7);
    expect(fromCsv.filter((row) => row.pageviews! > 0).map((row) => row.date)).toEqual([
      '2026-01-14',
      '2026-01-15',
    ]);
  });

  it('both answer 401 without a session', async () => {
    const { app } = await analyticsApp();
    expect(await rest(app, 'GET', '/api/analytics')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await rest(app, 'GET', '/api/analytics.csv?from=2026-99-99')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });

  const DATE = ANALYTICS_MESSAGES.date;
  const RANGE = ANALYTICS_MESSAGES.range;
  it.each([
    ['from=2026-1-5', 'from', DATE],
    ['to=yesterday', 'to', DATE],
    ['from=2026-02-30&to=2026-03-01', 'from', DATE],
    ['from=2026-01-10&to=2025-13-01', 'to', DATE],
    ['from=2026-01-10&to=2026-01-09', 'to', RANGE],
    ['from=2025-01-14&to=2026-01-15', 'to', RANGE],
    // Only a start after today: the range would end (today) before it starts.
    ['from=2026-02-01', 'from', RANGE],
    // Only a start more than 366 days ago.
    ['from=2024-12-01', 'from', RANGE],
  ])('?%s: 400 naming %s', async (query, path, message) => {
    const { app, cookie } = await analyticsApp();
    for (const address of [`/api/analytics?${query}`, `/api/analytics.csv?${query}`]) {
      expect(await rest(app, 'GET', address, { cookie })).toMatchObject({
        status: 400,
        body: { success: false, message, issues: [{ path, message }] },
      });
    }
  });

  it.each([
    ['from=2025-01-15&to=2026-01-15', '2025-01-15', '2026-01-15', 366],
    ['from=2026-01-15&to=2026-01-15', '2026-01-15', '2026-01-15', 1],
    ['to=2026-01-01', '2025-12-03', '2026-01-01', 30],
    ['from=&to=', '2025-12-17', '2026-01-15', 30],
    ['from=2026-01-10&to=2026-02-10', '2026-01-10', '2026-02-10', 32],
  ])('?%s: from %s to %s, %i days', async (query, from, to, days) => {
    const { app, cookie } = await analyticsApp();
    const { status, body } = await rest(app, 'GET', `/api/analytics?${query}`, { cookie });
    expect(status).toBe(200);
    expect(body).toMatchObject({ from, to });
    expect((body as { daily: unknown[] }).daily).toHaveLength(days);
  });
});
