/**
 * Issue 45, minor 9: a Europe/London business read "Nov 26, 2026, 12:38 AM" in an en-GB browser.
 * The admin writes its times in the browser's own language (docs/admin-guide.md): here a 24-hour
 * clock, day before month, in the site's zone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, newPage, startServerAndBrowser, type RunningServer } from './support';
import { addUser, signIn, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser({ env: { SITE_TIMEZONE: 'Europe/London' } });
  await addUser(server.dbPath, 'owner');
  page = await newPage(browser, { ...DESKTOP, locale: 'en-GB' });
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

it("writes the audit log's times 24-hour, day first, in an en-GB browser", async () => {
  await signIn(page, server.url, 'owner');
  expect(await page.evaluate(() => navigator.language)).toBe('en-GB');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  const table = page.getByRole('table', { name: 'Audit log, newest first' });
  // This sign-in's row; its moment is a <time> (a second one, hidden, is the phone layout's).
  const time = await visible(
    table.getByRole('row').filter({ hasText: 'Signed in' }).locator('time >> visible=true'),
  );
  const iso = await time.getAttribute('datetime');
  expect(iso).toBeTruthy();
  const shown = (await time.innerText()).trim();
  expect(shown).not.toMatch(/AM|PM/i);
  // "26 Nov 2026, 00:38": day, short month, year, then the 24-hour time in London.
  expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
  expect(shown).toBe(
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/London',
    }).format(new Date(iso ?? '')),
  );
});
