/**
 * The Content screen end to end (docs/content.md): an owner edits the hero and the phone
 * number, sees the live preview (the real public components in a phone-width frame) follow,
 * saves, and the public home page shows the change; the privacy page is linked from the
 * footer and from the contact form. Axe checks the screen and the privacy page in both themes.
 * Then a new company name reaches the admin's header at once and the page's first paint after a
 * reload, and "Restore defaults" starts over from the starting texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, withDatabase, type RunningServer } from './support';
import { openApp, waitForContactForm } from './support/home';
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
let page: Page;

beforeAll(async () => {
  server = await startServer();
  await addUser(server.dbPath, 'owner');
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1440, height: 900 });
  await signIn(page, server.url, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

describe('the Content screen', () => {
  it('edits the hero and the phone, previews them, saves, and the public page follows', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page.waitForURL('**/admin/content');
    await visible(page.getByRole('heading', { name: 'Content', level: 1 }));
    const preview = page.frameLocator('iframe[title^="Preview of the home page"]');
    await visible(preview.getByRole('heading', { level: 1, name: /Unlocking Your/ }));

    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(page, scheme);
      await expectNoAxeViolations(page);
    }
    // A 390 px phone: nothing wider than the screen but the preview's own scrolling box.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Practical AI for');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0123');
    await visible(preview.getByRole('heading', { level: 1, name: /Practical AI for/ }));
    await visible(preview.getByRole('link', { name: '+44 20 7946 0123' }).first());

    // Validation as typed, with the server's rule and message.
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await email.fill('not an address');
    await visible(page.getByText('Please enter a valid email address'));
    await email.fill('owner@example.com');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Content saved');
    await visible(page.getByText(/Version 1, saved/));
    await visible(page.getByRole('cell', { name: 'owner' }));

    // The public page: prerendered with the new text, before any script runs.
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('Practical AI for');
    expect(html).toContain('href="tel:+442079460123"');
    const visitor = await newPage(browser);
    try {
      await openApp(visitor, `${server.url}/`);
      await visible(visitor.getByRole('heading', { level: 1, name: /Practical AI for/ }));
      await waitForContactForm(visitor);
      // The consent line links to the privacy page and the terms; so does the footer.
      const formLink = visitor.locator('#contact-form a[href="/privacy"]');
      expect(await formLink.count()).toBe(1);
      expect(await visitor.locator('#contact-form a[href="/terms"]').count()).toBe(1);
      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await visitor.waitForURL('**/privacy');
      await visible(visitor.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      await visible(visitor.getByRole('heading', { level: 2, name: 'Visitor statistics' }));
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(visitor, scheme);
        await expectNoAxeViolations(visitor);
      }
      // The starting terms exist too; a legal page without text is the 404 page.
      expect((await fetch(`${server.url}/terms`)).status).toBe(200);
      expect((await fetch(`${server.url}/cookies`)).status).toBe(404);
    } finally {
      await visitor.context().close();
    }

    // Another administrator saves meanwhile (here straight into the database): this screen's
    // next save is refused, and it offers their version.
    withDatabase(server.dbPath, (db) =>
      db
        .prepare(
          `insert into site_content_versions (version, content, updated_at, updated_by)
           select 2, replace(content, 'Practical AI for', 'Their headline'), ?, 'other'
           from site_content_versions where version = 1`,
        )
        .run(Date.now()),
    );
    await page.getByRole('textbox', { name: 'Office' }).fill('Leeds');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Another administrator saved' }));
    await page.getByRole('button', { name: 'Reload their version' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="hero.headlineStart"]') as HTMLInputElement | null)
          ?.value === 'Their headline',
    );
    await visible(page.getByText(/Version 2, saved .* by other/));
  });

  it('names the admin after the saved company, and restores the defaults', async () => {
    const header = page.getByRole('banner');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Zephyr Data Works');
    await page.getByRole('textbox', { name: 'Short name' }).fill('Zephyr');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Content saved');
    // At once, without a reload: the header's logo and its link's name.
    await visible(header.getByRole('link', { name: 'Zephyr Data Works admin, dashboard' }));
    // After a reload, from the server's page before any script (the web manifest too).
    const html = await (await fetch(`${server.url}/admin/content`)).text();
    expect(html).toContain('<title>Zephyr Data Works</title>');
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
    };
    expect(manifest).toMatchObject({ name: 'Zephyr Data Works', short_name: 'Zephyr' });
    await page.reload();
    await visible(header.getByRole('link', { name: 'Zephyr Data Works admin, dashboard' }));

    await page.getByRole('button', { name: 'Restore defaults' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore the defaults?' });
    await visible(dialog);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Restore defaults' }).click();
    await toast(page, 'Defaults restored');
    await visible(header.getByRole('link', { name: 'Acme AI Engineering admin, dashboard' }));
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="company.name"]') as HTMLInputElement | null)?.value ===
        'Acme AI Engineering',
    );
    expect(await (await fetch(`${server.url}/`)).text()).toContain('Unlocking Your');
  });
});
