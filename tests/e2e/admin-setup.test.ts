/**
 * The first sign-in in production (NODE_ENV=production): the first administrator, created
 * from ADMIN_USERNAME and ADMIN_PASSWORD without an address, signs in with the password and
 * lands on the set-up of a second factor, and nothing else opens (docs/accounts.md); with
 * the authenticator app on, "Continue" opens the admin area in the same session. The session
 * cookie is `__Host-` prefixed and Secure in production; Chromium keeps such cookies on
 * http://127.0.0.1, a secure context, so the real production server runs here over plain http.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { apiRequest, launchBrowser, newPage, startServer, type RunningServer } from './support';
import { expectNoAxeViolations, fillCredentials, PASSWORD, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({
    env: { NODE_ENV: 'production', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: PASSWORD },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

it('lands the first administrator on the set-up, opens nothing else, then the admin area once the app is on', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  try {
    await page.goto(`${server.url}/admin/login`);
    await fillCredentials(page, 'owner');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Set up a second factor', level: 1 }), 20_000);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === '__Host-admin_session')?.secure).toBe(true);
    // No admin navigation on the set-up screen, and the admin paths refuse this session.
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    const refused = await apiRequest(page, `${server.url}/api/messages`);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Set up a second factor before using the admin area.',
    });
    await expectNoAxeViolations(page);

    // Another admin address shows the same screen.
    await page.goto(`${server.url}/admin/users`);
    await visible(page.getByRole('heading', { name: 'Set up a second factor', level: 1 }));

    const card = page.getByRole('region', { name: 'Authenticator app' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await card.getByLabel('Your password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Continue' }).click();
    await visible(card.getByRole('img', { name: 'QR code for your authenticator app' }), 20_000);
    const secret = (await card.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
    await typeCode(page, await generate({ secret }));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await visible(card.getByRole('list', { name: 'Recovery codes' }));
    await card.getByRole('button', { name: 'I have stored them' }).click();

    await page.getByRole('button', { name: 'Continue to the admin area' }).click();
    await visible(page.getByRole('link', { name: 'Signed in as owner' }));
    await visible(page.getByRole('navigation', { name: 'Admin sections' }));
    expect(await page.getByRole('heading', { name: 'Set up a second factor' }).count()).toBe(0);
    expect((await apiRequest(page, `${server.url}/api/messages`)).status()).toBe(200);
  } finally {
    await page.context().close();
  }
});
