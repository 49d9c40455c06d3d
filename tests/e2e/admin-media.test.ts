/**
 * Images on the Content screen end to end (docs/admin-guide.md, "Images"): on a 390 px phone
 * the owner uploads the founder's photo and a logo, sees each on the screen, and the public
 * home page shows them: the logo in the header, the photo in About, both loaded from /uploads/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { testImage } from '#tests/support/images';
import { launchBrowser, newPage, startServer, type RunningServer } from './support';
import { addUser, startSignedIn, toast, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  await addUser(server.dbPath, 'owner');
  browser = await launchBrowser();
  page = await newPage(browser, { width: 390, height: 844 });
  await startSignedIn(page, server, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

/** Whether the image has arrived and decoded (not a broken icon). */
const loaded = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('uploading images on the Content screen', () => {
  it('takes a photo and a logo at 390 px, and the home page shows them', async () => {
    await page.goto(`${server.url}/admin/content`);
    await visible(page.getByRole('heading', { name: 'Images', level: 2 }));

    await page.getByLabel("Upload a founder's photo").setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await testImage('jpeg', 600, 800),
    });
    await toast(page, "Founder's photo uploaded");
    await visible(page.getByRole('img', { name: "Current founder's photo" }));

    await page.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await testImage('png', 400, 100),
    });
    await toast(page, 'Logo uploaded');
    await visible(page.getByRole('img', { name: 'Current logo' }));
    await visible(page.getByLabel('Replace the logo'));

    // A file that is no image, whatever its name: the server's reason on the screen.
    await page.getByLabel('Replace the logo').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a PNG'),
    });
    await visible(page.getByText(/is not a JPEG, PNG, WebP or AVIF image/));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.goto(`${server.url}/`);
    const logo = page.locator('header img[src^="/uploads/logo-png-"]');
    await visible(logo);
    await expect.poll(() => loaded(logo)).toBe(true);
    const photo = page.locator('#about img[src^="/uploads/photo-jpeg-1x-"]');
    await photo.scrollIntoViewIfNeeded();
    await visible(photo);
    await expect.poll(() => loaded(photo)).toBe(true);
    // The browser took a modern format from the <picture>, at the 2x of a phone.
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/uploads\/photo-(avif|webp)-[12]x-[0-9a-f]{16}\.(avif|webp)$/,
    );
    const box = await photo.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([112, 112]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
