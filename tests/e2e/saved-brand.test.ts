/**
 * The saved brand as the owner sets it on the Content screen, on the public pages: a long
 * short name keeps the phone's header within the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './support';
import { openApp } from './support/home';
import { PASSWORD, signIn } from './admin-support';
import { saveContent } from './content-support';

let server: RunningServer;
let browser: Browser;
/** The owner, signed in, who saves the content. */
let admin: Page;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: PASSWORD } });
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin, server.url, 'owner');
});

afterAll(async () => {
  await admin?.context().close();
  await browser?.close();
  await server?.stop();
});

describe('a 22-character short name on a 390 px phone', () => {
  const shortName = 'Harbor Lane Consulting';

  it('keeps the header within the screen and the menu button on it', async () => {
    expect(shortName.length).toBeGreaterThanOrEqual(22);
    await saveContent(admin, server.url, (content) => ({
      ...content,
      company: { ...content.company, name: `${shortName} Group`, shortName },
    }));
    const page = await newPage(browser, { width: 390, height: 844 });
    try {
      await openApp(page, server.url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
      expect(menu).not.toBeNull();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
      // The header keeps its height: the name takes two lines at most, then "…".
      expect(
        await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height),
      ).toBeLessThanOrEqual(65);
      // The whole name is still what the logo's link says.
      await page.getByRole('link', { name: `${shortName} Group, home` }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('is what the Content screen warns about under the field', async () => {
    await admin.goto(`${server.url}/admin/content`);
    const field = admin.getByRole('textbox', { name: 'Short name (the logo’s bold part)' });
    await field.waitFor();
    expect(await field.getAttribute('aria-describedby')).not.toBeNull();
    const hint = await admin.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      (await field.getAttribute('aria-describedby'))!,
    );
    expect(hint).toContain('A phone’s header shows about 20, on two lines');
  });
});
