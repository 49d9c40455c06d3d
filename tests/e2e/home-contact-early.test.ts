/**
 * A visitor on a slow connection sees the prerendered contact form before its script has
 * arrived, and fills it (autofill, or typing) then. Hydration must keep what is in the fields:
 * the defect was a form emptied (or "Helen Marsh" cut to "n Marsh") once React took over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { MOBILE, newPage, type RunningServer, startServerAndBrowser } from './support';
import { storedContacts, storedSubscribers, waitForContactForm } from './support/home';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Holds every script request of the page until `release()`: the page shows its prerendered
 * HTML and nothing runs. Once released, scripts (the form's own chunk included) load at once.
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });

async function fieldValues(page: Page) {
  return {
    name: await form(page).getByLabel('Full Name').inputValue(),
    email: await form(page).getByLabel('Email Address').inputValue(),
    subject: await form(page).getByRole('combobox', { name: 'Subject' }).inputValue(),
  };
}

describe('contact form filled before its script arrived', () => {
  it('keeps the name, e-mail and subject through hydration, and sends them', async () => {
    const page = await newPage(browser, MOBILE);
    try {
      const scripts = await holdScripts(page);
      await page.goto(server.url, { waitUntil: 'domcontentloaded' });
      await page.locator('#contact-form').scrollIntoViewIfNeeded();
      // Nothing has run yet: the page's marker is absent and the button still inert.
      expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
      await form(page).getByLabel('Full Name').fill('Helen Marsh');
      await form(page).getByLabel('Email Address').fill('helen@example.com');
      await form(page)
        .getByRole('combobox', { name: 'Subject' })
        .selectOption({ label: 'Custom AI Solution' });
      const before = await fieldValues(page);

      await scripts.release();
      await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      await waitForContactForm(page);

      expect(await fieldValues(page)).toEqual(before);
      expect(before.name).toBe('Helen Marsh');

      // The kept values are the form's state, not only what the fields show: sending works.
      await form(page)
        .getByRole('textbox', { name: 'Message', exact: true })
        .fill('We would like to talk about a pilot.');
      await form(page).getByText('I agree to the Privacy Policy and Terms of Service.').click();
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await form(page).getByRole('status').waitFor();
      expect(storedContacts(server.dbPath)).toEqual([
        expect.objectContaining({
          name: 'Helen Marsh',
          email: 'helen@example.com',
          subject: 'custom',
          message: 'We would like to talk about a pilot.',
        }),
      ]);
    } finally {
      await page.context().close();
    }
  });
});

describe('newsletter form filled before its script arrived', () => {
  it('keeps the address through hydration, and subscribes it', async () => {
    const page = await newPage(browser, MOBILE);
    try {
      const scripts = await holdScripts(page);
      await page.goto(server.url, { waitUntil: 'domcontentloaded' });
      const signup = page.getByRole('form', { name: 'Newsletter signup' });
      await signup.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
      await signup.getByLabel('Email address').fill('early.reader@example.com');

      await scripts.release();
      await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      // The footer's island hydrates last: its button is enabled once it has.
      await page.waitForFunction(() => {
        const b = document.querySelector<HTMLButtonElement>(
          '#newsletter-signup button[type="submit"]',
        );
        return b !== null && !b.disabled;
      });

      expect(await signup.getByLabel('Email address').inputValue()).toBe(
        'early.reader@example.com',
      );
      await signup.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Almost there!').waitFor();
      expect(storedSubscribers(server.dbPath)).toEqual(['early.reader@example.com']);
    } finally {
      await page.context().close();
    }
  });
});
