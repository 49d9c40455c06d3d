/**
 * The login page opened at an IP address (`npm start` prints http://127.0.0.1:3000): browsers
 * refuse passkeys there. The page must say so in one plain sentence, and never ask the server
 * for ceremony after ceremony (the defect: the autofill ceremony restarted at once after each
 * refusal, about 100 requests a second).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, type RunningServer, startServerAndBrowser } from './support';
import { visible } from './admin-support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the login page at 127.0.0.1', () => {
  it('explains that passkeys need the site’s name, and does not loop', async () => {
    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    const page = await newPage(browser);
    try {
      let optionsRequests = 0;
      page.on('request', (request) => {
        if (request.url().includes('passkeys.signInOptions')) optionsRequests += 1;
      });
      await page.clock.install();
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }));
      await page.getByRole('textbox', { name: 'Username' }).waitFor();
      // 100 s of the page's clock: the autofill's 4.5-minute refresh has not come yet.
      for (let i = 0; i < 100; i++) await page.clock.runFor(1_000);
      expect(optionsRequests).toBeLessThanOrEqual(2);

      const sentence = `Passkeys work on the site’s name, not on a number address like 127.0.0.1: open http://localhost:${url.port} instead.`;
      await visible(page.getByText(sentence));
      expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain('invalid domain');
      // Signing in with the password is untouched.
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).toBe(
        true,
      );
    } finally {
      await page.context().close();
    }
  });
});
