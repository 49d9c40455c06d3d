/**
 * Account → Access tokens in the browser, on the real server, on a 390 px phone in the dark
 * theme: a token made by keyboard (name, a scope, the expiry's radio group), its secret shown
 * once with Copy and gone after Done and a reload, then revoked after its confirmation; axe at
 * each step (the secret's panel in the light theme too), and nothing wider than the screen.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
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
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'alice');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function checkPage(page: Page): Promise<void> {
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
}

it('creates a token, shows its secret once, and revokes it (390 px, dark, axe-clean)', async () => {
  const page = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
  try {
    await signIn(page, server.url, 'alice');
    await page.goto(`${server.url}/admin/account`);
    const card = await visible(page.getByRole('region', { name: 'Access tokens' }));
    await showColorScheme(page, 'dark');
    await visible(card.getByText('No access tokens yet.'));
    await checkPage(page);

    // By keyboard: the name (focused when the form opens), a scope, then the expiry.
    await card.getByRole('button', { name: 'Create token' }).click();
    const form = card.getByRole('form', { name: 'Create an access token' });
    const name = form.getByLabel('Name', { exact: true });
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Claude Desktop');
    await form.getByRole('checkbox', { name: /^leads:read/ }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('radio', { name: '30 days' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await form.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await checkPage(page);
    await form.getByRole('button', { name: 'Create token' }).press('Enter');

    // Signed in just now: no password asked. The secret, once, with the warning and Copy.
    const secret = await visible(card.getByLabel('The new token'));
    const shown = (await secret.innerText()).trim();
    expect(shown).toMatch(/^ams_[A-Za-z0-9_-]{43}$/);
    await visible(card.getByText('You will not see it again', { exact: false }));
    await visible(card.getByRole('button', { name: 'Copy' }));
    await checkPage(page);
    // The warning and the token's box in the light theme too.
    await showColorScheme(page, 'light');
    await checkPage(page);
    await showColorScheme(page, 'dark');
    await card.getByRole('button', { name: 'Done' }).click();
    const row = await visible(card.getByRole('article', { name: 'Claude Desktop' }));
    expect(await row.innerText()).toContain('leads:read');
    expect(await row.innerText()).toContain('Never used');
    expect(await page.content()).not.toContain(shown);
    await page.reload();
    await visible(page.getByRole('article', { name: 'Claude Desktop' }));
    expect(await page.content()).not.toContain(shown);

    // Revoke, asked about first.
    await page.getByRole('button', { name: 'Revoke the token Claude Desktop' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Revoke this token?' }));
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Token revoked');
    await visible(
      page.getByRole('region', { name: 'Access tokens' }).getByText('No access tokens yet.'),
    );
    await checkPage(page);
  } finally {
    await page.context().close();
  }
});
