/**
 * A 390 px phone (docs/product.md, "Toasts" and "Phones"): the contact form's "Message sent!"
 * toast covers neither the inline confirmation nor the Send button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './support';
import { fillContactForm, openApp, waitForContactForm } from './support/home';

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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
