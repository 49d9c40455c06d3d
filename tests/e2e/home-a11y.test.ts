import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  launchBrowser,
  newPage,
  startServer,
  type RunningServer,
} from './support';
import { openApp, revealWholePage } from './support/home';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(
  viewport: typeof DESKTOP | typeof MOBILE,
  fn: (page: Page) => Promise<void>,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<void> {
  const page = await newPage(browser, { ...viewport, colorScheme });
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** The carousel has typed its first fact, and a toast is on screen. */
async function carouselAndToast(page: Page): Promise<void> {
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.waitFor();
  // The carousel runs only while on screen.
  await carousel.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => document.querySelector('[data-current] [data-countdown]') !== null,
    undefined,
    {
      timeout: 20_000,
    },
  );
  const form = page.getByRole('form', { name: 'Newsletter signup' });
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const b = document.querySelector<HTMLButtonElement>('#newsletter-signup button[type="submit"]');
    return b !== null && !b.disabled;
  });
  await form.getByLabel('Email address').fill(`reader-${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByText('Thanks for subscribing!').waitFor();
}

describe('accessibility (axe, WCAG 2.x A/AA)', () => {
  it('home page at 1280 px, after the carousel typed and with a toast showing: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await openApp(page, server.url);
      await revealWholePage(page);
      await carouselAndToast(page);
      // The source tooltip open, too.
      await page.locator('[data-current]').getByRole('button', { name: 'Source' }).focus();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('home page in the dark theme: no violations', async () => {
    await withPage(
      DESKTOP,
      async (page) => {
        await openApp(page, server.url);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          true,
        );
        await revealWholePage(page);
        await carouselAndToast(page);
        expect(await axeViolations(page)).toEqual([]);
      },
      'dark',
    );
  });

  it('home page at 375 px with the menu open and contact form errors: no violations', async () => {
    await withPage(MOBILE, async (page) => {
      await openApp(page, server.url);
      await revealWholePage(page);
      const send = page.getByRole('button', { name: 'Send Message' });
      await send.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('#contact-form button')].some(
          (b) => b.textContent === 'Send Message' && !b.disabled,
        ),
      );
      await send.click();
      await page.getByText('You must agree to the privacy policy').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('404 page: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await openApp(page, `${server.url}/missing/page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('the prerendered page before any JavaScript: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(server.url);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
