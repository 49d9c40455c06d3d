/**
 * Every admin screen and state, in the light and the dark theme, with the toasts that go
 * with them on screen: axe must report nothing. Also the one brand and the theme toggle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { company } from '#shared/company';
import {
  newPage,
  startSmtpCatcher,
  toastOpacities,
  watchToastOpacity,
  type RunningServer,
  type SmtpCatcher,
  startServerAndBrowser,
} from './support';
import {
  addUser,
  codeFrom,
  expectNoAxeViolations,
  fillCredentials,
  openFacts,
  openOverview,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({ env: { SMTP_URL: smtp.url } });
  // One second-factor user per theme keeps each under the server's limit of codes per user.
  await addUser(server.dbPath, 'light', 'light@example.com');
  await addUser(server.dbPath, 'dark', 'dark@example.com');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe.each(['light', 'dark'] as const)('admin screens in the %s theme', (theme) => {
  it('have no axe violations in any state, toasts showing included', async () => {
    const page = await newPage(browser, { colorScheme: theme });
    await watchToastOpacity(page);
    try {
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }), 20_000);
      expect(await isDark(page)).toBe(theme === 'dark');
      await expectNoAxeViolations(page);

      // A failed sign-in, its toast on screen.
      await fillCredentials(page, theme, 'not the password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'Login failed');
      await expectNoAxeViolations(page);

      // The code step, right after the sign-in button that started it has unmounted.
      await fillCredentials(page, theme);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }));
      await toast(page, 'Verification code sent');
      await expectNoAxeViolations(page);

      const mail = await smtp.waitForMail({ to: `${theme}@example.com` });
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(codeFrom(mail.text));
      await page.waitForURL('**/admin/dashboard', { timeout: 20_000 });
      await visible(page.getByRole('heading', { name: 'AI Facts Management', level: 1 }));
      await toast(page, 'Authentication successful');
      // The first screen, its facts listed, with the toast over it.
      await page.getByRole('row').first().waitFor();
      // One brand: the site's logo and name, from the content module.
      await visible(page.getByRole('link', { name: `${company.name} admin, dashboard` }));
      await visible(page.getByRole('group', { name: 'Color theme' }));
      await expectNoAxeViolations(page);

      // The Overview, empty on a fresh site.
      await openOverview(page);
      await visible(page.getByRole('heading', { name: 'No visits counted yet' }));
      await expectNoAxeViolations(page);

      await openFacts(page);
      await expectNoAxeViolations(page);

      // The add dialog, then the delete confirmation.
      await page.getByRole('button', { name: 'Add New Fact' }).click();
      await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Delete' }).first().click();
      const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete fact' }));
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      // The edit page, a tag made and attached with its toast, then a missing fact.
      await page.getByRole('link', { name: 'Edit' }).first().click();
      await visible(page.getByRole('heading', { name: 'Edit AI Fact' }));
      await expectNoAxeViolations(page);
      await page.getByRole('textbox', { name: 'New tag' }).fill(`${theme} tag`);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await toast(page, 'Tag created and added successfully');
      await expectNoAxeViolations(page);
      await page.goto(`${server.url}/admin/ai-fact-edit/999999`);
      await visible(page.getByText('AI Fact not found.'), 20_000);
      await expectNoAxeViolations(page);

      // Signed out, its toast on the way back to the login page.
      await page.goto(`${server.url}/admin/dashboard`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logout successful');
      await expectNoAxeViolations(page);

      // The run's toasts and no others, each fully opaque from its first frame: axe may
      // measure one at any moment it is on screen.
      const toasts = await toastOpacities(page);
      expect(toasts.map(({ title, lowest, fading }) => ({ title, lowest, fading }))).toEqual(
        [
          'Login failed',
          'Verification code sent',
          'Authentication successful',
          'Tag created and added successfully',
          'Logout successful',
        ].map((title) => ({ title, lowest: 1, fading: [] })),
      );
    } finally {
      await page.context().close();
    }
  });
});

describe('admin brand and theme', () => {
  it('shows the site brand from the content module and the same theme toggle as the site', async () => {
    const page = await newPage(browser, { colorScheme: 'light' });
    try {
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }), 20_000);
      const home = page.getByRole('link', { name: `${company.name}, home` });
      expect(await home.getAttribute('href')).toBe('/');
      expect(await home.innerText()).toContain(company.shortName);
      expect(await page.locator('body').innerText()).not.toContain('AI Consultancy');

      // The toggle's choice is stored, applies at once and survives a reload.
      const toggle = page.getByRole('group', { name: 'Color theme' });
      await toggle.getByRole('button', { name: 'Dark theme' }).click();
      expect(await isDark(page)).toBe(true);
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Admin Login' }), 20_000);
      expect(await isDark(page)).toBe(true);
      expect(
        await toggle.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'),
      ).toBe('true');
      await toggle.getByRole('button', { name: 'Light theme' }).click();
      expect(await isDark(page)).toBe(false);
    } finally {
      await page.context().close();
    }
  });
});

describe('admin header on a phone', () => {
  it('is one row with a menu that opens the sections and the account, axe clean', async () => {
    await addUser(server.dbPath, 'phone');
    const page = await newPage(browser, { width: 390, height: 844, colorScheme: 'light' });
    try {
      await startSignedIn(page, server, 'phone');
      // One row: the logo and the menu button (it was two rows, about 150 px).
      expect((await page.locator('header').first().boundingBox())!.height).toBeLessThanOrEqual(72);
      const sections = page.getByRole('navigation', { name: 'Admin sections' });
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await sections.isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await visible(sections);
      await visible(page.getByRole('button', { name: 'Logout' }));
      await visible(page.getByRole('link', { name: 'Return to the Site' }));
      await expectNoAxeViolations(page);

      // Choosing a section closes the menu.
      await sections.getByRole('link', { name: /^Messages/ }).click();
      await page.waitForURL('**/admin/messages');
      await sections.waitFor({ state: 'hidden' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await page.context().close();
    }
  });
});
