/**
 * A 390 px phone (docs/product.md, "Toasts"): the contact form's "Message sent!" toast covers
 * neither the inline confirmation nor the Send button. The Overview keeps a source's host on
 * one line (docs/admin-guide.md, "Sources"). That every control a finger presses is 44 × 44 px
 * ("Phones") is measured with the buttons' sizes, on the same visits (buttons.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
import { addUser, visible, withSession } from './admin-support';
import { fillContactForm, openApp, waitForContactForm } from './support/home';

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  // Without an e-mail address: the password alone signs in (the Overview's check).
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('a 390 px phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, PHONE);
    await openApp(page, server.url);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('"Message sent!" covers neither the confirmation nor the Send button', async () => {
    await waitForContactForm(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContactForm(page, {
      name: 'Pho Ne',
      email: 'phone@example.com',
      subject: 'Partnership Opportunity',
      message: 'Sent from a 390 px screen.',
    });
    const send = form.getByRole('button', { name: 'Send Message' });
    // A thumb scrolls just far enough to reach the button: it sits at the bottom of the screen.
    await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await send.tap();
    const toast = page.locator('[role="alertdialog"]', { hasText: 'Message sent!' });
    await toast.waitFor();
    const confirmation = form.getByRole('status');
    await confirmation.waitFor();
    // Both as the visitor sees them right after the tap (the toast has slid in).
    await toast.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const [toastBox, confirmationBox, sendBox] = await Promise.all([
      toast.boundingBox(),
      confirmation.boundingBox(),
      send.boundingBox(),
    ]);
    const boxes = JSON.stringify({ toastBox, confirmationBox, sendBox });
    expect(intersects(toastBox!, confirmationBox!), boxes).toBe(false);
    expect(intersects(toastBox!, sendBox!), boxes).toBe(false);
    expect(toastBox!.x + toastBox!.width, boxes).toBeLessThanOrEqual(PHONE.width);
  });
});

describe("the Overview's sources on a 390 px phone", () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, { width: 1280, height: 800 });
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('keeps a host on one line, cut with "…" when too long, whole in its title', async () => {
    const long = 'very-long-subdomain.news.example-aggregator.co.uk';
    // Two visitors (two browsers) from two sites.
    for (const [agent, referrer] of [
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36', 'https://www.google.com/'],
      ['Mozilla/5.0 (Windows NT 10.0; rv:141.0) Gecko/20100101 Firefox/141.0', `https://${long}/a`],
    ] as const) {
      const response = await fetch(`${server.url}/api/event`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': agent },
        body: JSON.stringify({ name: 'pageview', url: `${server.url}/`, referrer }),
      });
      expect(response.status).toBeLessThan(300);
    }
    await withSession(page, server, 'owner');
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/admin/overview`);
    const table = page.getByRole('table', { name: 'Sources' });
    await visible(table.getByRole('rowheader', { name: long }));
    const cells = await table.getByRole('rowheader').evaluateAll((headers) =>
      headers.map((th) => {
        const name = th.querySelector<HTMLElement>('[title]')!;
        return {
          text: name.textContent,
          title: name.title,
          lines: Math.round(
            name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight),
          ),
          cut: name.scrollWidth > name.clientWidth,
          right: th.closest('table')!.getBoundingClientRect().right,
        };
      }),
    );
    const why = JSON.stringify(cells);
    const google = cells.find((cell) => cell.text === 'www.google.com');
    const cut = cells.find((cell) => cell.text === long);
    expect(google, why).toMatchObject({ lines: 1, cut: false, title: 'www.google.com' });
    expect(cut, why).toMatchObject({ lines: 1, cut: true, title: long });
    // The table stays within the screen.
    expect(Math.max(...cells.map((cell) => cell.right)), why).toBeLessThanOrEqual(PHONE.width);
  });
});
