/**
 * The home page's cookieless count as a browser sends it: one pageview per page load, one
 * event per press, no cookie and nothing stored. On a server of its own: a page another test
 * closes sends its pageview on the way out, and that request could land in this test's log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, withDatabase, type RunningServer, startServerAndBrowser } from './support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.ready !== undefined, undefined, {
    timeout: 30_000,
  });

/** A desktop Chrome as people have it: the headless browser's own user agent counts as a bot. */
const CHROME_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe("the visit's count", () => {
  it('is one pageview per page load and one cta_click per press, with no cookie and nothing stored', async () => {
    const recorded = () =>
      withDatabase(server.dbPath, (db) =>
        db
          .prepare(
            `SELECT name, path, utm_source AS utm, referrer_host AS referrer, device, browser
             FROM analytics_events ORDER BY id`,
          )
          .all(),
      );
    // The server's log has a line for every request, whatever was recorded: a beacon sent as
    // the page unloads goes out from the browser itself, with its own user agent, one the
    // server does not count, and the page no longer sees it. This file's server serves no
    // other page, so every line is this test's.
    const eventRequests = () =>
      server
        .output()
        .split('\n')
        .filter(
          (line) => line.includes('"event":"request"') && line.includes('"path":"/api/event"'),
        ).length;
    expect(recorded()).toEqual([]);
    const page = await newPage(browser, { userAgent: CHROME_AGENT });
    try {
      // What went on the wire (a beacon's body is not visible here; the database shows it).
      const sent: { method: string; type: string | undefined }[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname !== '/api/event') return;
        sent.push({ method: request.method(), type: request.headers()['content-type'] });
      });

      await page.goto(server.url, { referer: 'https://www.example.org/a/path?q=private' });
      await hydrated(page);
      await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
      await page.getByRole('link', { name: 'Book a Free Consultation' }).first().click();
      await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(2);
      // The page again at another address: had the first page sent a second pageview (when
      // idle, or on leaving), it would have reached the server before this one, which its UTM
      // tells apart.
      await page.goto(`${server.url}/?utm_source=second`);
      await hydrated(page);
      await expect
        .poll(() => recorded().some((row) => (row as { utm: string | null }).utm === 'second'), {
          timeout: 20_000,
        })
        .toBe(true);

      const chrome = { device: 'desktop', browser: 'Chrome' };
      // Stored as the server keeps them: the path, the referrer's host only.
      expect(recorded()).toEqual([
        { name: 'pageview', path: '/', utm: null, referrer: 'www.example.org', ...chrome },
        { name: 'cta_click', path: '/', utm: null, referrer: 'www.example.org', ...chrome },
        expect.objectContaining({ name: 'pageview', path: '/', utm: 'second', ...chrome }),
      ]);
      // Each a JSON POST: no CORS preflight (OPTIONS), the page and the API share one origin.
      expect(sent).toEqual(Array(3).fill({ method: 'POST', type: 'application/json' }));
      expect(eventRequests()).toBe(3);

      // No cookie, and nothing in the browser's storage (the theme switch and the carousel's
      // mute button store a setting only when pressed).
      expect(await page.context().cookies()).toEqual([]);
      expect(
        await page.evaluate(() => ({
          local: Object.keys(localStorage),
          session: Object.keys(sessionStorage),
        })),
      ).toEqual({ local: [], session: [] });
    } finally {
      await page.context().close();
    }
  });
});
