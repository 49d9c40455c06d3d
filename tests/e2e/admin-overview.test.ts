/**
 * The Overview screen on the real server: visits sent through POST /api/event from scripted
 * visitors (their own addresses through X-Forwarded-For, their own browsers), a contact message
 * from one of them (its lead then won), older days written straight into the database; then
 * the numbers, the clients by source, the chart, the range in the address, the live count's timer, the CSV, a phone, and axe in both
 * themes.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { newPage, withDatabase, type RunningServer, startServerAndBrowser } from './support';
import { formatDay, formatRange } from '#client/admin/ui/date-time';
import {
  addUser,
  expectNoAxeViolations,
  openOverview,
  showColorScheme,
  startSignedIn,
  visible,
  withSession,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

const AGENTS = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

/** Days of the site's time zone (UTC here, for the server and the browser alike). */
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser({
    env: { TRUST_PROXY: '1', SITE_TIMEZONE: 'UTC' },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

/** A request from a visitor's own address and browser, as a proxy in front would pass it. */
async function post(path: string, address: string, agent: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': address,
      'User-Agent': agent,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path} from ${address}`).toBeLessThan(300);
}

const visit = (address: string, agent: string, path: string, referrer: string | null = null) =>
  post('/api/event', address, agent, { name: 'pageview', url: `${server.url}${path}`, referrer });

/** Three people today, a crawler, and one of them sends an enquiry. */
async function scriptedVisitors(): Promise<void> {
  await visit('203.0.113.1', AGENTS.chrome, '/', 'https://www.google.com/search?q=ai+consulting');
  await visit('203.0.113.1', AGENTS.chrome, '/pricing', `${server.url}/`);
  await post('/api/event', '203.0.113.1', AGENTS.chrome, {
    name: 'cta_click',
    url: `${server.url}/`,
    referrer: null,
  });
  await visit(
    '203.0.113.2',
    AGENTS.iphone,
    '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  );
  await visit('203.0.113.3', AGENTS.firefox, '/');
  await visit('203.0.113.9', AGENTS.bot, '/');
  await post('/api/contact', '203.0.113.2', AGENTS.iphone, {
    name: 'Grace Visitor',
    email: 'grace@example.com',
    subject: 'consulting',
    message: 'We read your newsletter and would like to talk.',
    privacy: true,
  });
}

/** Two people a week ago: the 7-day view's previous period, written as the server stores it. */
function lastWeek(): void {
  withDatabase(server.dbPath, (db) => {
    const insert = db.prepare(
      `INSERT INTO analytics_events (at, day, name, path, device, browser, visitor)
       VALUES (?, ?, 'pageview', '/', 'desktop', 'Chrome', ?)`,
    );
    const at = Date.parse(`${daysAgo(7)}T12:00:00Z`);
    insert.run(at, daysAgo(7), 'a'.repeat(64));
    insert.run(at, daysAgo(7), 'b'.repeat(64));
  });
}

/** A lead marked won with a value, its first reply `replyMinutes` after it was made. */
function wonLead(email: string, value: number, replyMinutes: number): void {
  withDatabase(server.dbPath, (db) => {
    const updated = db
      .prepare(
        `UPDATE leads SET status = 'won', value = ?, first_reply_at = created_at + ?
         WHERE email = ?`,
      )
      .run(value, replyMinutes * 60_000, email);
    expect(updated.changes).toBe(1);
  });
}

/** The server writes events in batches every 100 ms: wait until today's are all in. */
async function recorded(count: number): Promise<void> {
  await expect
    .poll(
      () =>
        withDatabase(server.dbPath, (db) =>
          db.prepare('SELECT count(*) AS n FROM analytics_events WHERE day = ?').get(today),
        ),
      { timeout: 10_000 },
    )
    .toEqual({ n: count });
}

const totals = () => page.getByRole('region', { name: 'Totals' });
const figure = (label: string): Locator =>
  totals()
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });

/** Each row of a list's table as its cells' texts, sorted (rows with equal numbers may swap). */
async function tableRows(title: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: title });
  const rows = await table.getByRole('row').all();
  const cells = await Promise.all(
    rows
      .slice(1)
      .map((row) => row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts()),
  );
  return cells.map((texts) => texts.map((t) => t.replace(/\s+/g, ' ').trim())).sort();
}

async function downloadText(link: Locator): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    link.click(),
  ]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), text: bytes.subarray(3).toString('utf8') };
}

describe('the Overview', () => {
  it('is first in the navigation, and explains what will appear while nothing is counted', async () => {
    // en-US: the days asserted below are written by the same module in Node, in its en-US.
    page = await newPage(browser, { timezoneId: 'UTC', locale: 'en-US' });
    // The live count's timer runs on the test's clock (see below).
    await page.clock.install();
    await startSignedIn(page, server, 'owner');
    await openOverview(page);
    await visible(page.getByRole('heading', { name: 'No visits counted yet' }));
    await visible(page.getByText('0 visitors now'));
    // Nothing waits for an answer yet, and the Overview says so above the empty report.
    await visible(
      page.getByText(
        'Nothing waiting: every enquiry and answer has your reply and no follow-up is due.',
      ),
    );
    expect(await page.title()).toBe('Overview | Admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Overview',
      'Facts',
      'Leads',
      'Proposals',
      'Invoices',
      'Bookings',
      'Messages',
      'Subscribers',
      'Newsletters',
      'Mail',
      'Content',
      'Administrators',
      'Audit log',
    ]);
    await expectNoAxeViolations(page);
  });

  it("shows the scripted visitors' numbers for 7 days, against the week before", async () => {
    await scriptedVisitors();
    lastWeek();
    // 4 pageviews (the crawler's is not counted), a cta_click and the contact.
    await recorded(6);
    // Grace's enquiry made her lead, credited to the newsletter: answered 3 h 10 min later, won.
    wonLead('grace@example.com', 12_500, 190);

    await page.getByRole('radio', { name: '7 days' }).click();
    await page.waitForURL('**/admin/overview?days=7');
    await visible(totals());
    expect(await figure('Visitors').innerText()).toMatch(
      /^Visitors\s+3\s+▲ up 50% vs previous 7 days$/,
    );
    expect(await figure('Pageviews').innerText()).toMatch(/4\s+▲ up 100% vs previous 7 days$/);
    expect(await figure('Contacts').innerText()).toMatch(/1\s+▲ up from none vs/);
    expect(await figure('Subscriptions').innerText()).toMatch(/0\s+= no change vs/);
    expect(await figure('Conversion rate').innerText()).toMatch(/33\.3%\s+▲ up 33\.3 points vs/);
    expect(await figure('Median time to first reply').innerText()).toMatch(
      /^Median time to first reply\s+3 h 10 min\s+— in the previous 7 days$/,
    );

    // The chart: a bar per day of the range, today's the tallest; described in words.
    const chart = page.getByRole('img', {
      name:
        `Visitors and pageviews per day, ${formatRange(daysAgo(6), today)}: 3 visitors, ` +
        `4 pageviews; the most visitors on ${formatDay(today)} (3).`,
    });
    expect(
      await chart
        .locator('rect[data-visitors]')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-visitors')))),
    ).toEqual([0, 0, 0, 0, 0, 0, 3]);

    expect(await tableRows('Top pages')).toEqual([
      ['/', '3', '3'],
      ['/pricing', '1', '1'],
    ]);
    expect(await tableRows('Sources')).toEqual([
      ['Direct', '1', '0', '0', '0%'],
      ['newsletter', '1', '1', '0', '100%'],
      ['www.google.com', '1', '0', '0', '0%'],
    ]);
    // Which sources bring clients: the value won under its source.
    expect(await tableRows('Clients by source')).toEqual([
      ['newsletter', '1', '1', '1', '€12,500'],
    ]);
    expect(await tableRows('Campaigns')).toEqual([
      ['spring newsletter / email', '1', '1', '0', '100%'],
    ]);
    expect(await tableRows('Devices')).toEqual([
      ['Computers', '2', '66.7%'],
      ['Phones', '1', '33.3%'],
    ]);
    expect(await tableRows('Events')).toEqual([
      ['Buttons to the contact form pressed ("Book a Free Consultation", "Get in Touch")', '1'],
    ]);
  });

  it('shows the chart as a table on request', async () => {
    const toggle = page.getByRole('button', { name: 'Show as table' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const table = page.getByRole('table', { name: /^Visitors and pageviews per day/ });
    await visible(table);
    const hide = page.getByRole('button', { name: 'Hide table' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await hide.getAttribute('aria-controls')).toBe(
      await table.evaluate((el) => el.parentElement!.id),
    );
    const rows = await table.getByRole('row').all();
    expect(rows).toHaveLength(8);
    expect((await rows[7]!.innerText()).replace(/\s+/g, ' ')).toMatch(/ 3 4$/);
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'light');
    await hide.click();
    await table.waitFor({ state: 'detached' });
  });

  it('re-reads the live count every 30 s, and only it', async () => {
    // Read when the screen opened, before the visits: the number waits for its timer.
    await visible(page.getByText('0 visitors now'));
    await visit('203.0.113.4', AGENTS.firefox, '/contact-us');
    await recorded(7);
    await page.clock.runFor(30_000);
    await visible(page.getByText('4 visitors now'));
    // The totals wait for a reload or another range.
    expect(await figure('Visitors').innerText()).toMatch(/^Visitors\s+3\s/);
  });

  it('keeps the range through a reload, takes a custom range, and exports the days shown', async () => {
    await page.reload();
    await visible(totals());
    expect(await page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    expect(await figure('Visitors').innerText()).toMatch(/^Visitors\s+4\s/);

    const csv = await downloadText(page.getByRole('link', { name: 'Export CSV' }));
    expect(csv.name).toMatch(/^analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,visitors,pageviews,contacts,subscriptions,bookings');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map(daysAgo),
    );
    expect(lines.at(-1)).toBe(`${today},4,5,1,0,0`);

    await page.getByRole('radio', { name: 'Custom' }).click();
    const form = page.getByRole('form', { name: 'Custom period' });
    await form.getByLabel('From').fill(daysAgo(7));
    await form.getByLabel('To').fill(daysAgo(8));
    await form.getByRole('button', { name: 'Show' }).click();
    await visible(form.getByText('The end date must be on or after the start date.'));
    await expectNoAxeViolations(page);
    await form.getByLabel('To').fill(daysAgo(7));
    await form.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**/admin/overview?from=${daysAgo(7)}&to=${daysAgo(7)}`);
    await expect
      .poll(() => figure('Visitors').innerText())
      .toMatch(/^Visitors\s+2\s+▲ up from none vs previous 1 day$/);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/analytics.csv?from=${daysAgo(7)}&to=${daysAgo(7)}`,
    );

    await page.reload();
    await visible(totals());
    expect(await page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    expect(await form.getByLabel('From').inputValue()).toBe(daysAgo(7));
    expect(await figure('Visitors').innerText()).toMatch(/^Visitors\s+2\s/);
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'light');
  });

  it('fits a 390 px phone in both themes', async () => {
    const phone = await newPage(browser, {
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
      timezoneId: 'UTC',
    });
    try {
      await withSession(phone, server, 'owner');
      // The navigation is folded into the menu on a phone: the address leads there.
      await phone.goto(`${server.url}/admin/overview`);
      await visible(phone.getByRole('region', { name: 'Totals' }));
      await visible(phone.getByRole('table', { name: 'Campaigns' }));
      await visible(phone.getByRole('table', { name: 'Clients by source' }));
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(phone, scheme);
        // Nothing wider than the screen: no sideways scrolling.
        expect(
          await phone.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(390);
        await expectNoAxeViolations(phone);
      }
    } finally {
      await phone.context().close();
    }
  });
});
