/**
 * The uploaded logo in the reply's preview (docs/content.md, "Images", "Loaded from other
 * origins"): the preview frames are sandboxed, an opaque origin of their own, so the logo
 * loads there only because its files answer `Cross-Origin-Resource-Policy: cross-origin`, as
 * in webmail or a mail file opened in a browser. An SVG logo, mailed as its PNG. The admin's
 * header shows the uploaded logo too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOGO_SVG_WITH_SCRIPT } from '#tests/support/images';
import { newPage, startServerAndBrowser, withDatabase, type RunningServer } from './support';
import { addUser, signIn, toast, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'owner');
  page = await newPage(browser, { width: 1280, height: 900 });
  await signIn(page, server.url, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

describe('the logo in a sandboxed mail preview', () => {
  it('loads in the reply preview after an SVG logo is uploaded', async () => {
    await page.goto(`${server.url}/admin/content`);
    await visible(page.getByRole('heading', { name: 'Images', level: 2 }));
    await page.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO_SVG_WITH_SCRIPT),
    });
    await toast(page, 'Logo uploaded');
    // The admin's own header takes it at once, in place of the built-in mark (issue 45, 4).
    const headerLogo = page.locator('header a[aria-label$="admin, dashboard"] img');
    await expect.poll(() => headerLogo.getAttribute('src')).toMatch(/^\/uploads\/logo-svg-/);

    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Lin Visitor',
        email: 'lin.visitor@example.com',
        subject: 'consulting',
        message: 'We would like a pilot.',
        privacy: true,
      }),
    });
    expect(response.status).toBe(201);
    const { id } = withDatabase(
      server.dbPath,
      (db) => db.prepare('select id from leads').get() as { id: number },
    );

    // A page loaded after the upload: the preview uses the logo the admin page knew then.
    await page.goto(`${server.url}/admin/leads/${id}`);
    await page.getByRole('textbox', { name: 'Reply (Markdown)' }).fill('Thanks, **Lin**.');
    // After a reload too: the page's frame holds it.
    expect(await headerLogo.getAttribute('src')).toMatch(/^\/uploads\/logo-svg-/);
    const frame = page.frameLocator('iframe[title="E-mail preview, light scheme"]');
    const logo = frame.locator('img[src*="/uploads/logo-png-"]');
    await visible(logo);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});
