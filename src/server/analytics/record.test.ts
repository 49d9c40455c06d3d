/**
 * What is recorded and what never is: through `analytics.record` and the two forms, as
 * browsers' requests reach them (address, user agent, privacy headers, cookie).
 */
import { describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsSalts } from '#db/schema';
import { contactBody } from '#tests/support/contact';
import { adminCaller, createTestDeps, signedInCookie, testConfig } from '#tests/support/app';
import {
  AGENTS,
  everyTableAsText,
  page,
  storedEvents,
  visitorCaller,
  type VisitorOptions,
} from '#tests/support/analytics';
import { flushAnalytics } from './event-buffer';
import { EVENTS_PER_MINUTE } from './rate-cap';
import { NO_VISITOR } from './event-rows';
import { MAX_AGENT_LENGTH } from '#server/platform/user-agent';
import { visitorHash, visitorIdentity } from './visitor';

const IP = '203.0.113.77';

describe('what an event keeps', () => {
  it('a pageview: the day, path without query, the UTM values apart, referrer host, device, browser', async () => {
    const deps = await createTestDeps();
    await visitorCaller(deps, { ip: IP, userAgent: AGENTS.safariIphone }).analytics.record({
      name: 'pageview',
      url: page(
        '/services?utm_source=newsletter&utm_medium=email&utm_campaign=spring&email=a%40b.example&token=secret',
      ),
      referrer: 'https://News.Example.org:8443/some/article?id=42#top',
    });

    const [event, ...rest] = await storedEvents(deps.db);
    expect(rest).toEqual([]);
    expect(event).toEqual({
      id: 1,
      at: deps.clock.now(),
      day: '2026-01-15',
      name: 'pageview',
      path: '/services',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      referrerHost: 'news.example.org',
      device: 'mobile',
      browser: 'Safari',
      visitor: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
  });

  it('the visitor is sha256 of the day salt, the site host, the address and the user agent', async () => {
    const deps = await createTestDeps();
    await visitorCaller(deps, { ip: IP }).analytics.record({ name: 'pageview', url: page() });
    const [event] = await storedEvents(deps.db);
    const [salt] = await deps.db.select().from(analyticsSalts).all();

    expect(salt?.day).toBe('2026-01-15');
    expect(event?.visitor).toBe(
      visitorHash(salt!.salt, visitorIdentity('localhost', IP, AGENTS.chromeWindows)),
    );
  });

  it('one IPv6 /64 with one browser is one visitor; another browser on it is another', async () => {
    const deps = await createTestDeps();
    const send = (ip: string, userAgent: string) =>
      visitorCaller(deps, { ip, userAgent }).analytics.record({ name: 'pageview', url: page() });
    await send('2001:db8:1:2::10', AGENTS.chromeWindows);
    await send('2001:db8:1:2:ffff::99', AGENTS.chromeWindows);
    await send('2001:db8:1:2::10', AGENTS.firefoxLinux);

    const visitors = (await storedEvents(deps.db)).map((e) => e.visitor);
    expect(visitors[0]).toBe(visitors[1]);
    expect(visitors[2]).not.toBe(visitors[0]);
  });

  it(`reads the first ${MAX_AGENT_LENGTH} characters of a user agent and no more`, async () => {
    const deps = await createTestDeps();
    const long = `${AGENTS.chromeWindows} ${'x'.repeat(MAX_AGENT_LENGTH)}`;
    const send = (userAgent: string) =>
      visitorCaller(deps, { ip: IP, userAgent }).analytics.record({
        name: 'pageview',
        url: page(),
      });
    await send(`${long}-one`);
    await send(`${long}-two`);
    const visitors = (await storedEvents(deps.db)).map((e) => e.visitor);
    const [salt] = await deps.db.select().from(analyticsSalts).all();
    const prefix = long.slice(0, MAX_AGENT_LENGTH);
    expect(visitors).toEqual([
      visitorHash(salt!.salt, visitorIdentity('localhost', IP, prefix)),
      visitorHash(salt!.salt, visitorIdentity('localhost', IP, prefix)),
    ]);
  });

  it('a referrer on the site itself, or one that is no http(s) address, is no referrer', async () => {
    const deps = await createTestDeps();
    const caller = visitorCaller(deps, { ip: IP });
    for (const referrer of [
      'http://localhost/about',
      'android-app://com.example',
      'nonsense',
      '',
    ]) {
      await caller.analytics.record({ name: 'pageview', url: page(), referrer });
    }
    await caller.analytics.record({ name: 'pageview', url: page(), referrer: null });
    const events = await storedEvents(deps.db);
    expect(events.map((e) => e.referrerHost)).toEqual([null, null, null, null, null]);
  });

  it('custom events are kept under their own name', async () => {
    const deps = await createTestDeps();
    const caller = visitorCaller(deps, { ip: IP });
    await caller.analytics.record({ name: 'cta_click', url: page('/') });
    await caller.analytics.record({ name: 'video_play', url: page('/') });
    expect((await storedEvents(deps.db)).map((e) => e.name)).toEqual(['cta_click', 'video_play']);
  });
});

describe('never recorded, always answered the same', () => {
  const cases: [string, { userAgent?: string; headers?: Record<string, string> }][] = [
    ['a crawler', { userAgent: AGENTS.googlebot }],
    ['a script without a browser', { userAgent: 'curl/8.5.0' }],
    ['no user agent at all', { userAgent: '' }],
    ['Global Privacy Control', { headers: { 'sec-gpc': '1' } }],
    ['Do Not Track', { headers: { dnt: '1' } }],
  ];

  it.each(cases)('%s', async (_, opts) => {
    const deps = await createTestDeps();
    const answer = await visitorCaller(deps, { ip: IP, ...opts }).analytics.record({
      name: 'pageview',
      url: page(),
    });
    expect(answer).toEqual({ success: true });
    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it('under a set address, a page of any other host, whatever Host the request names', async () => {
    const fromEnvironment = await createTestDeps({
      config: testConfig({ siteUrl: 'https://www.acme.example', siteUrlFromEnvironment: true }),
    });
    const saved = await createTestDeps();
    await (
      await adminCaller(saved)
    ).siteSettings.save({ address: 'https://www.acme.example', timeZone: null });
    for (const deps of [fromEnvironment, saved]) {
      // A spoofed Host with a page of that host: not this site's page.
      const spoofed = visitorCaller(deps, { ip: IP, headers: { host: 'evil.example' } });
      await spoofed.analytics.record({ name: 'pageview', url: 'https://evil.example/fake' });
      await spoofed.analytics.record({ name: 'pageview', url: 'http://localhost/' });
      expect(await storedEvents(deps.db)).toEqual([]);
      // The site's own page counts, and a referrer from the spoofed host is a source.
      await spoofed.analytics.record({
        name: 'pageview',
        url: 'https://www.acme.example/about',
        referrer: 'https://evil.example/fake',
      });
      expect((await storedEvents(deps.db)).map((e) => [e.path, e.referrerHost])).toEqual([
        ['/about', 'evil.example'],
      ]);
    }
  });

  it('before any address is set, a page of the host the request was sent to', async () => {
    const deps = await createTestDeps();
    const elsewhere = visitorCaller(deps, { ip: IP });
    expect(
      await elsewhere.analytics.record({ name: 'pageview', url: 'https://copycat.example/' }),
    ).toEqual({ success: true });
    // SITE_URL is http://localhost: the same host on another port is another site.
    await elsewhere.analytics.record({ name: 'pageview', url: 'http://localhost:8080/' });
    expect(await storedEvents(deps.db)).toEqual([]);

    const viaHost = visitorCaller(deps, { ip: IP, headers: { host: 'www.acme.example' } });
    await viaHost.analytics.record({ name: 'pageview', url: 'https://www.acme.example/about' });
    expect((await storedEvents(deps.db)).map((e) => e.path)).toEqual(['/about']);
  });

  it("the signed-in owner's own visits; a signed-out browser's cookie counts", async () => {
    const deps = await createTestDeps();
    const owner = await signedInCookie(deps);
    await visitorCaller(deps, { ip: IP, headers: { cookie: owner } }).analytics.record({
      name: 'pageview',
      url: page(),
    });
    expect(await storedEvents(deps.db)).toEqual([]);

    await visitorCaller(deps, {
      ip: IP,
      headers: { cookie: 'admin_session=tampered; theme=dark' },
    }).analytics.record({ name: 'pageview', url: page('/after-sign-out') });
    expect((await storedEvents(deps.db)).map((e) => e.path)).toEqual(['/after-sign-out']);
  });

  it.each(['contact', 'subscription'])('a page sending the conversion %s', async (name) => {
    const deps = await createTestDeps();
    expect(await visitorCaller(deps, { ip: IP }).analytics.record({ name, url: page() })).toEqual({
      success: true,
    });
    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it(`more than ${EVENTS_PER_MINUTE} events of one address (an IPv6 /64) in a minute`, async () => {
    const deps = await createTestDeps();
    const send = (ip: string) =>
      visitorCaller(deps, { ip }).analytics.record({ name: 'cta_click', url: page() });
    for (let i = 0; i < EVENTS_PER_MINUTE + 5; i++) {
      // Every answer the same, past the cap too (no 429).
      expect(await send(`2001:db8:aa:bb::${(i % 50).toString(16)}`)).toEqual({ success: true });
    }
    await send('198.51.100.1');
    expect(await storedEvents(deps.db)).toHaveLength(EVENTS_PER_MINUTE + 1);

    // The next minute the address has room again.
    deps.clock.advance(60_000);
    await send('2001:db8:aa:bb::1');
    expect(await storedEvents(deps.db)).toHaveLength(EVENTS_PER_MINUTE + 2);
  });
});

describe('conversions', () => {
  it('a stored contact message and an accepted sign-up are recorded, credited to the first pageview, without the visitor', async () => {
    const deps = await createTestDeps();
    const caller = visitorCaller(deps, { ip: IP, userAgent: AGENTS.safariIpad });
    await caller.analytics.record({
      name: 'pageview',
      url: page('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring'),
      referrer: 'https://www.google.com/',
    });
    await caller.analytics.record({ name: 'pageview', url: page('/about?utm_source=later') });
    await caller.contact.send(contactBody('conversion', 1));
    await caller.newsletter.subscribe({ email: 'reader@example.com' });
    // A second sign-up of the same address is accepted too, and counted as one more.
    await caller.newsletter.subscribe({ email: 'reader@example.com' });

    const events = await storedEvents(deps.db);
    const credited = ['newsletter', 'email', 'spring', 'www.google.com'];
    expect(
      events.map((e) => [
        e.name,
        e.path,
        e.device,
        e.browser,
        e.utmSource,
        e.utmMedium,
        e.utmCampaign,
        e.referrerHost,
      ]),
    ).toEqual([
      ['pageview', '/', 'tablet', 'Safari', ...credited],
      ['pageview', '/about', 'tablet', 'Safari', 'later', null, null, null],
      ['contact', null, 'tablet', 'Safari', ...credited],
      ['subscription', null, 'tablet', 'Safari', ...credited],
      ['subscription', null, 'tablet', 'Safari', ...credited],
    ]);
    // The pageviews share one visitor; the conversions keep none, so nobody holding the
    // database can match the message to the pages its writer read.
    expect(events.map((e) => e.visitor === NO_VISITOR)).toEqual([false, false, true, true, true]);
    expect(events[0]?.visitor).toBe(events[1]?.visitor);
  });

  it('a conversion without a pageview that day is credited to Direct', async () => {
    const deps = await createTestDeps();
    await visitorCaller(deps, { ip: IP }).contact.send(contactBody('direct', 1));
    const [event] = await storedEvents(deps.db);
    expect(event).toMatchObject({
      name: 'contact',
      utmSource: null,
      referrerHost: null,
      visitor: NO_VISITOR,
    });
  });

  it('not for bots, GPC, DNT, the owner, a refused or a honeypot submission', async () => {
    const deps = await createTestDeps();
    const owner = await signedInCookie(deps);
    const senders: VisitorOptions[] = [
      { ip: '192.0.2.1', userAgent: AGENTS.googlebot },
      { ip: '192.0.2.2', headers: { 'sec-gpc': '1' } },
      { ip: '192.0.2.3', headers: { dnt: '1' } },
      { ip: '192.0.2.4', headers: { cookie: owner } },
    ];
    for (const sender of senders) {
      const caller = visitorCaller(deps, sender);
      await caller.contact.send(contactBody('excluded', 1));
      await caller.newsletter.subscribe({ email: 'excluded@example.com' });
    }
    const bot = visitorCaller(deps, { ip: '192.0.2.5' });
    await bot.contact.send({ ...contactBody('honeypot', 1), website: 'spam.example' });
    await expect(
      bot.contact.send({ ...contactBody('invalid', 1), email: 'nope' }),
    ).rejects.toThrow();

    expect(await storedEvents(deps.db)).toEqual([]);
  });

  it('a failure to record never reaches the form', async () => {
    const deps = await createTestDeps();
    const caller = visitorCaller(deps, { ip: IP });
    // A recorder that throws: here the day cannot be named in a zone Intl refuses.
    deps.config.siteTimezone = 'Not/A_Zone';
    await expect(caller.contact.send(contactBody('robust', 1))).resolves.toMatchObject({
      success: true,
    });
    // The judgement runs beside the answer; the buffer waits for it before writing.
    await flushAnalytics(deps.db);
    expect(deps.logger.lines.some((line) => line.includes('"analytics.record_failed"'))).toBe(true);
  });
});

it('no address, user agent, full referrer or query is stored anywhere', async () => {
  const deps = await createTestDeps();
  const agent = `${AGENTS.chromeWindows} PrivacyProbe/7.3`;
  const v4 = '203.0.113.199';
  const v6 = '2001:db8:5ec:7e7::abcd';
  for (const ip of [v4, v6]) {
    const caller = visitorCaller(deps, { ip, userAgent: agent });
    await caller.analytics.record({
      name: 'pageview',
      url: page('/?utm_source=probe&secret-query=hunter2'),
      referrer: 'https://search.example/results?q=my+private+search',
    });
    await caller.analytics.record({ name: 'cta_click', url: page('/pricing?ref=hunter3') });
    await caller.newsletter.subscribe({ email: `probe-${ip.length}@example.com` });
  }
  await flushAnalytics(deps.db);
  expect(await deps.db.select().from(analyticsEvents).all()).toHaveLength(6);

  const text = await everyTableAsText(deps.db);
  // The forms' own throttle (10 minutes per address) keys its rows by address, as it always
  // has; that table aside, nothing holds an address.
  const rest = text
    .split('\n')
    .filter((line) => !line.startsWith('throttle_events:'))
    .join('\n');
  for (const secret of [
    v4,
    '203.0.113',
    '2001:db8:5ec:7e7',
    'PrivacyProbe',
    'Mozilla',
    'Chrome/131',
    'my+private+search',
    '/results',
    'hunter2',
    'hunter3',
    'secret-query',
  ]) {
    expect(rest).not.toContain(secret);
  }
});
