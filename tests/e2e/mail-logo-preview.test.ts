/**
 * The uploaded logo in the reply's preview (docs/content.md, "Images", "Loaded from other
 * origins"): the preview frames are sandboxed, an opaque origin of their own, so the logo
 * loads there only because its files answer `Cross-Origin-Resource-Policy: cross-origin`, as
 * in webmail or a mail file opened in a browser. An SVG logo, mailed as its PNG. The admin's
 * header shows the uploaded logo too. The reply as sent, its HTML opened from another origin
 * (a mail file opened in a browser, or webmail), loads the logo the same way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOGO_SVG_WITH_SCRIPT } from '#tests/support/images';
import { parseMail } from '#tests/support/mime';
import { freePort } from '../../scripts/sqld-process';
import {
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, startSignedIn, toast, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;
let smtp: SmtpCatcher;
let otherOrigin: Server | undefined;
/** The site's address, written in its mails: another site than the page the mail opens in. */
let site: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const port = await freePort();
  site = `http://localhost:${port}`;
  [server, browser] = await startServerAndBrowser({
    env: { SMTP_URL: smtp.url, PORT: String(port), SITE_URL: site },
  });
  await addUser(server.dbPath, 'owner');
  page = await newPage(browser, { width: 1280, height: 900 });
  await startSignedIn(page, server, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await new Promise((resolve) => (otherOrigin ? otherOrigin.close(resolve) : resolve(undefined)));
});

/** Serves one HTML page from a server of its own: an origin that is not the site's. */
async function serveElsewhere(html: string): Promise<string> {
  otherOrigin = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  const listening = otherOrigin;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}/mail.html`;
}

/** Whether an image finished loading with pixels (a refused one completes with none). */
const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;

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
    await expect.poll(() => logo.evaluate(loaded)).toBe(true);

    // Sent, and its HTML opened from another origin, as a saved mail or webmail shows it.
    await page.getByRole('button', { name: 'Send reply' }).click();
    const sent = await smtp.waitForMail({ to: 'lin.visitor@example.com' });
    const { html } = await parseMail(Buffer.from(sent.raw));
    const mailLogo = /<img[^>]+src="([^"]*\/uploads\/logo-png-[^"]*)"/.exec(html)?.[1];
    expect(mailLogo, 'the sent reply carries the logo').toMatch(new RegExp(`^${site}/`));
    const elsewhere = await browser.newPage();
    try {
      await elsewhere.goto(await serveElsewhere(html));
      const img = elsewhere.locator('img[src*="/uploads/logo-png-"]');
      await visible(img);
      await expect.poll(() => img.evaluate(loaded)).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });
});
