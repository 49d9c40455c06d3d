/**
 * The Content screen end to end (docs/content.md): an owner edits the hero and the phone
 * number, sees the live preview (the real public components in a phone-width frame) follow,
 * saves, and the public home page shows the change; the privacy page is linked from the
 * footer. Axe checks the screen and the privacy page in both themes.
 * Then a new company name reaches the admin's header at once and the page's first paint after a
 * reload, and "Restore defaults" starts over from the starting texts. On a phone the preview is
 * one press from the top and drawn whole; a long title shows whole in its field; the short
 * name's hint quotes what a phone's header shows of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, withDatabase, type RunningServer } from './support';
import { openApp } from './support/home';
import { PHONE_HEADER_LOGO_WIDTH } from '#client/admin/content/phone-name';
import {
  addUser,
  expectNoAxeViolations,
  showColorScheme,
  startSignedIn,
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
  await startSignedIn(page, server, 'owner');
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

    // Axe inside the preview too, once: it draws the public page's own components, which
    // home-a11y.test.ts checks in both themes and at a phone's width. The screen's own
    // markup is checked in the dark theme and at 390 px with the preview left out.
    await expectNoAxeViolations(page);
    const screenOnly = { exclude: ['iframe[title^="Preview of the home page"]'] };
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page, screenOnly);
    await showColorScheme(page, 'light');
    // A 390 px phone: nothing wider than the screen (the preview is scaled to fit).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page, screenOnly);
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
    // Hydrated, it still shows them. (The contact form's and the footer's links to the legal
    // pages: consent-fields.test.tsx, home.desktop.test.ts; which legal pages exist:
    // src/server/content/pages.test.ts.)
    const visitor = await newPage(browser);
    try {
      await openApp(visitor, `${server.url}/`);
      await visible(visitor.getByRole('heading', { level: 1, name: /Practical AI for/ }));
      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await visitor.waitForURL('**/privacy');
      await visible(visitor.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      await visible(visitor.getByRole('heading', { level: 2, name: 'Visitor statistics' }));
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(visitor, scheme);
        await expectNoAxeViolations(visitor);
      }
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
        (document.querySelector('[name="hero.headlineStart"]') as HTMLTextAreaElement | null)
          ?.value === 'Their headline',
    );
    await visible(page.getByText(/Version 2, saved .* by other/));
  });

  it('shows a long page title whole in its field', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const title = page.getByRole('textbox', { name: 'Page title' });
    // The starting title, 72 characters long (the form is as saved: nothing to leave unsaved).
    const long = 'Acme AI Engineering | AI Consulting, Custom AI Solutions and Integration';
    expect(await title.inputValue()).toBe(long);
    const fits = await title.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    // Nothing hidden to the side, nor below (a long line wraps, its field grows).
    expect(fits.scrollWidth, JSON.stringify(fits)).toBeLessThanOrEqual(fits.clientWidth);
    expect(fits.scrollHeight, JSON.stringify(fits)).toBeLessThanOrEqual(fits.clientHeight);
  });

  it('on a phone: the preview is one press from the top, its page drawn whole', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const button = page.getByRole('button', { name: 'Preview', exact: true });
    const box = await button.boundingBox();
    expect(box && box.y + box.height, 'the Preview button on the first screen').toBeLessThan(844);
    await button.click();
    const region = page.getByRole('region', { name: /^Preview, / });
    await expect.poll(() => region.evaluate((el) => el === document.activeElement)).toBe(true);
    // Scrolled to it: the frame's top is on the screen.
    const frame = page.locator('iframe[title^="Preview of the home page"]');
    await expect
      .poll(async () => {
        const top = (await frame.boundingBox())?.y ?? -1;
        return top >= 0 && top < 844;
      })
      .toBe(true);
    const preview = page.frameLocator('iframe[title^="Preview of the home page"]');
    await visible(preview.getByRole('heading', { level: 1 }));
    const sizes = await frame.evaluate((el) => {
      const frameBox = el.getBoundingClientRect();
      const boxOf = el.closest('[role="region"]')!.getBoundingClientRect();
      const doc = (el as HTMLIFrameElement).contentDocument!.documentElement;
      return {
        frameLeft: frameBox.left,
        frameRight: frameBox.right,
        regionLeft: boxOf.left,
        regionRight: boxOf.right,
        frameWidth: frameBox.width,
        layoutWidth: (el as HTMLIFrameElement).offsetWidth,
        pageWidth: doc.scrollWidth,
      };
    });
    const why = JSON.stringify(sizes);
    // The frame keeps the phone's width (the page lays out as on a phone) and is drawn inside
    // its box, scaled: no part of the page is cut off.
    expect(sizes.layoutWidth, why).toBe(390);
    expect(sizes.frameLeft, why).toBeGreaterThanOrEqual(sizes.regionLeft - 0.5);
    expect(sizes.frameRight, why).toBeLessThanOrEqual(sizes.regionRight + 0.5);
    const scale = sizes.frameWidth / sizes.layoutWidth;
    expect(sizes.frameWidth, why).toBeGreaterThanOrEqual(sizes.pageWidth * scale - 0.5);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("quotes what a phone's header shows of the short name, as the header shows it", async () => {
    const shortName = 'Acme AI Engineering Partners';
    await page.getByRole('textbox', { name: 'Short name' }).fill(shortName);
    const hint = page.locator('[data-phone-name]');
    await expect.poll(() => hint.textContent()).toMatch(/“.+”/);
    const quoted = /“(.+?)…?”/.exec((await hint.textContent())!)![1]!;
    const adminFont = await page
      .locator('[data-phone-name]')
      .evaluate(
        (el) => getComputedStyle(el.previousElementSibling!.querySelector('.line-clamp-2')!).font,
      );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Content saved');

    const phone = await newPage(browser, {
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
    });
    try {
      await openApp(phone, `${server.url}/`);
      const name = phone.getByRole('banner').locator('a[href="/"] .line-clamp-2');
      await expect.poll(() => name.textContent()).toBe(shortName);
      const header = await name.evaluate(async (el) => {
        await document.fonts.ready;
        const node = el.firstChild as Text;
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        let laidOut = 0;
        for (; laidOut < node.data.length; laidOut++) {
          range.setStart(node, laidOut);
          range.setEnd(node, laidOut + 1);
          if (range.getBoundingClientRect().bottom > box.bottom + 0.5) break;
        }
        return {
          laidOut,
          font: getComputedStyle(el).font,
          linkWidth: el.closest('a')!.getBoundingClientRect().width,
        };
      });
      const why = JSON.stringify({ header, quoted, adminFont });
      // The hint measures in the header's room, with its font...
      expect(header.linkWidth, why).toBeCloseTo(PHONE_HEADER_LOGO_WIDTH, 0);
      expect(adminFont, why).toBe(header.font);
      // ...and quotes the characters on its two lines, less those the "…" takes.
      expect(shortName.startsWith(quoted), why).toBe(true);
      expect(quoted.length, why).toBeLessThanOrEqual(header.laidOut);
      expect(quoted.length, why).toBeGreaterThanOrEqual(header.laidOut - 3);
    } finally {
      await phone.context().close();
    }
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
        (document.querySelector('[name="company.name"]') as HTMLTextAreaElement | null)?.value ===
        'Acme AI Engineering',
    );
    expect(await (await fetch(`${server.url}/`)).text()).toContain('Unlocking Your');
  });
});
