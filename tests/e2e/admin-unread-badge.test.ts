/**
 * The unread badge in the admin's navigation follows new enquiries without a reload: a small
 * poll of the one counter while the tab is visible (marked as background, so it does not keep
 * the session from its idle limit), and the Messages screen's own count when it differs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
import { addUser, signIn, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

let sent = 0;
/** An enquiry through the public API, as the contact form sends it. */
async function sendEnquiry(): Promise<void> {
  sent += 1;
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Visitor ${sent}`,
      email: `visitor${sent}@example.com`,
      subject: 'consulting',
      message: 'We would like to talk about a pilot.',
      privacy: true,
    }),
  });
  expect(response.status).toBeLessThan(300);
}

const messagesLink = () =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Messages/ });

/** The unread-count reads the page sends from now on. */
function watchCountReads(): Request[] {
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('messages.unreadCount')) reads.push(request);
  });
  return reads;
}

describe('the unread badge', () => {
  it('shows new enquiries without a reload, read by a background poll', async () => {
    page = await newPage(browser);
    // The poll's timer runs on the test's clock.
    await page.clock.install();
    // The badge's first read, answered before anything is sent: on a busy machine it could
    // still be on its way when the enquiries are stored, count them, and take the poll's turn.
    const firstRead = page.waitForResponse((response) =>
      response.url().includes('messages.unreadCount'),
    );
    await signIn(page, server.url, 'owner');
    await firstRead;
    expect(await messagesLink().getAttribute('aria-label')).toBeNull();
    const reads = watchCountReads();

    await sendEnquiry();
    await sendEnquiry();
    await page.clock.runFor(30_000);
    await visible(page.getByRole('link', { name: 'Messages, 2 unread' }));
    expect(await messagesLink().innerText()).toMatch(/^Messages\s*2$/);
    expect(reads.length).toBeGreaterThanOrEqual(1);
    // A timer, not the person: the session's idle limit does not slide.
    for (const read of reads) expect(await read.headerValue('x-background')).toBe('1');
  });

  it('takes the Messages screen’s count when it differs', async () => {
    await sendEnquiry();
    await messagesLink().click();
    await visible(page.getByText('3 in all, 3 unread', { exact: false }));
    await visible(page.getByRole('link', { name: 'Messages, 3 unread' }));
  });

  it('brings a new enquiry into the open list at the badge’s next read', async () => {
    await sendEnquiry();
    await page.clock.runFor(30_000);
    await visible(page.getByRole('link', { name: 'Messages, 4 unread' }));
    // The list in front of the owner follows, without a reload.
    await visible(page.getByText('4 in all, 4 unread', { exact: false }));
    await visible(page.getByText(`Visitor ${sent}`, { exact: true }));
  });

  it('does not poll while the tab is hidden', async () => {
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const reads = watchCountReads();
    await page.clock.runFor(120_000);
    expect(reads).toEqual([]);
    // Visible again: it reads at its next turn.
    await sendEnquiry();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.clock.runFor(30_000);
    await visible(page.getByRole('link', { name: 'Messages, 5 unread' }));
  });

  it('at 1440 px keeps the navigation on one line, and a badge moves no link', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await visible(page.getByRole('link', { name: `Messages, ${sent} unread` }));
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const row = await nav.locator('ul').evaluate((list) => {
      const places = () =>
        [...list.querySelectorAll('a')].map((link) => {
          const box = link.getBoundingClientRect();
          return [box.left, box.top, box.width].join(',');
        });
      // The widest count of two digits in the badge (the address's cap keeps the test to 5
      // enquiries), then no badge: the links stay where they were.
      const shown = list.querySelector<HTMLElement>('a span[aria-hidden="true"]')!;
      shown.textContent = '88';
      const withBadge = places();
      const items = [...list.children].map((item) => item.getBoundingClientRect());
      shown.remove();
      return {
        tops: new Set(items.map((item) => Math.round(item.top))).size,
        moved: places().filter((place, i) => place !== withBadge[i]).length,
      };
    });
    // Every entry on one line (issue 67: "Administrators" and "Audit log" wrapped at 1440 px).
    expect(row.tops).toBe(1);
    // A count that arrives after the screen moved Mail under a click (issue 68).
    expect(row.moved).toBe(0);
  });
});
