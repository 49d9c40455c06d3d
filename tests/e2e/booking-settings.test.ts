/**
 * The owner's Booking settings screen in the browser (docs/booking.md), at 390 px by keyboard:
 * booking turned on, a day with two intervals, the server's 400 for overlapping hours shown at
 * that interval with what was typed kept, then saved, and the next free times as visitors see
 * them; axe-clean in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BOOKING_MESSAGES } from '#shared/booking';
import { newPage, startServerAndBrowser, type RunningServer } from './support';
import {
  addUser,
  expectNoAxeViolations,
  showColorScheme,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser({ env: { SITE_TIMEZONE: 'Europe/London' } });
  await addUser(server.dbPath, 'alice');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Replaces a focused field's text by typing, as a person does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const saveAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('booking.saveSettings'));

describe('the Booking settings screen', () => {
  it('turns booking on with two intervals a day, refusing overlapping hours at the field', async () => {
    const page = await newPage(browser, {
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
    });
    try {
      await signIn(page, server.url, 'alice');
      await page.goto(`${server.url}/admin/bookings`);
      const settingsLink = await visible(page.getByRole('link', { name: 'Booking settings' }));
      await settingsLink.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('heading', { name: 'Booking settings', level: 1 }));
      // Off until the owner turns it on: visitors are offered nothing.
      await visible(page.getByText('Booking is off: visitors are offered no times.'));

      await page.getByRole('switch', { name: 'Visitors can book a free call' }).focus();
      await page.keyboard.press('Space');
      await page.getByRole('textbox', { name: 'Where the call happens' }).focus();
      await page.keyboard.type('Phone call');

      // Monday gets a second interval that overlaps the first.
      await page.getByRole('button', { name: 'Add hours on Monday' }).focus();
      await page.keyboard.press('Enter');
      const second = page.getByRole('group', { name: 'Monday, hours 2' });
      const from = second.getByRole('textbox', { name: 'From' });
      await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
      await retype(page, '12:00');
      let answer = saveAnswer(page);
      await page.keyboard.press('Enter');
      expect((await answer).status()).toBe(400);
      await visible(
        page.getByRole('alert').getByText(`Monday, hours 2: ${BOOKING_MESSAGES.overlap}`),
      );
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      expect(await from.inputValue()).toBe('12:00');
      await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await expectNoAxeViolations(page);

      // Fixed: the afternoon after a lunch break.
      await page
        .getByRole('group', { name: 'Monday, hours 1' })
        .getByRole('textbox', { name: 'To' })
        .focus();
      await retype(page, '12:00');
      await from.focus();
      await retype(page, '13:00');
      await second.getByRole('textbox', { name: 'To' }).focus();
      await retype(page, '17:00');
      answer = saveAnswer(page);
      await page.keyboard.press('Enter');
      expect((await answer).status()).toBe(200);
      await toast(page, 'Booking settings saved');
      expect(await page.getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0);

      const preview = page.getByRole('region', { name: 'Next free times' });
      await visible(preview.locator('time').first());
      await expectNoAxeViolations(page);
      await showColorScheme(page, 'dark');
      await expectNoAxeViolations(page);

      const saved = (await (await fetch(`${server.url}/api/booking/slots`)).json()) as {
        slots: { start: string }[];
      };
      expect(saved.slots.length).toBeGreaterThan(0);
    } finally {
      await page.context().close();
    }
  });
});
