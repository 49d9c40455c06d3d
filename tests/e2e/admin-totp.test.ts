/**
 * The authenticator app in the browser, on the real server: set up on the Account screen by
 * reading the secret key shown and making codes with otplib, as a phone would (the scan step
 * axe clean); the recovery codes shown once (axe clean, light and dark); then signing in with
 * the password and the app's code, and with a recovery code (that step axe clean too).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
import {
  addUser,
  expectNoAxeViolations,
  fillCredentials,
  showColorScheme,
  signIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'tina');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The app's code for the next 30-second step: a phone's clock may run ahead, and the server
 * takes one step either side. The code of the current step may already be spent (each is
 * accepted once, and the set-up used one), so the test never waits for the clock to move.
 */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/login');
}

async function passwordStep(page: Page) {
  await fillCredentials(page, 'tina');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }));
}

it('sets up the app, shows the recovery codes once, then signs in with the app and with a recovery code', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  try {
    await signIn(page, server.url, 'tina');
    await page.getByRole('link', { name: 'Signed in as tina' }).click();
    await page.waitForURL('**/admin/account');
    const card = page.getByRole('region', { name: 'Authenticator app' });
    await visible(card.getByText('No authenticator app is set up.'));

    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await card.getByLabel('Your password').fill('not my password at all');
    await card.getByRole('button', { name: 'Continue' }).click();
    await visible(card.getByText('The password is wrong.'), 20_000);
    await card.getByLabel('Your password').fill('correct horse battery staple');
    await card.getByRole('button', { name: 'Continue' }).click();

    await visible(card.getByRole('img', { name: 'QR code for your authenticator app' }), 20_000);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Connect your authenticator app');
    await expectNoAxeViolations(page);
    const secret = (await card.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await typeCode(page, await generate({ secret }));
    await card.getByRole('button', { name: 'Turn on' }).click();

    const list = card.getByRole('list', { name: 'Recovery codes' });
    await visible(list);
    const codes = await list.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await visible(card.getByText(/Store these now/));
    await visible(card.getByRole('button', { name: 'Download .txt' }));
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download .txt' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'light');
    // On a 390 px phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: 'I have stored them' }).click();
    await visible(card.getByText('10 recovery codes left.'));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Regenerate recovery codes');
    await visible(card.getByText('Signing in asks for the app’s code.'));

    // Password, then the app's code.
    await signOut(page);
    await passwordStep(page);
    await visible(page.getByText('Enter the 6-digit code from your authenticator app'));
    expect(await page.getByRole('button', { name: 'Send a new code' }).count()).toBe(0);
    await typeCode(page, await nextCode(secret));
    await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });

    // Password, then a recovery code (typed in capitals, without its dash).
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await visible(page.getByText('Enter one of your recovery codes'));
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await field.fill('abc');
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    await visible(page.getByText('A recovery code is 10 letters and digits, like abcde-fghij'));
    await expectNoAxeViolations(page);
    await field.fill((codes[0] ?? '').replace('-', '').toUpperCase());
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    await toast(page, 'Authentication successful');
    await page.waitForURL('**/admin/dashboard', { timeout: 10_000 });
    await page.getByRole('link', { name: 'Signed in as tina' }).click();
    await visible(
      page.getByRole('region', { name: 'Authenticator app' }).getByText('9 recovery codes left.'),
    );
  } finally {
    await page.context().close();
  }
});
