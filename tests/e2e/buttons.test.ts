/**
 * One set of button styles (docs/product.md, "Buttons"): at 390 px every visible button, and
 * every link drawn as a button, on the public page and on the admin screens is at least 44 px
 * tall, and icon buttons 44 px wide too; the admin's primary button and the public page's look
 * the same (background, text colour, corner radius, weight) in the light and the dark theme.
 * The home page and the sign-in steps are measured for "Phones" too on the same visit: every
 * control at least 44 × 44 px (WCAG 2.5.8; support/tap-targets.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, withDatabase, type RunningServer, startServerAndBrowser } from './support';
import { openApp, revealWholePage, waitForContactForm } from './support/home';
import { buttonTargets, smallTargets, tooSmall, type Target } from './support/tap-targets';
import {
  addUser,
  fillCredentials,
  showColorScheme,
  toast,
  visible,
  withSession,
} from './admin-support';

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'phone');
  // Second factor: no SMTP_URL, so the code goes to the server's log; only the step is shown.
  await addUser(server.dbPath, 'coded', 'coded@example.com');
  withDatabase(server.dbPath, (db) => {
    db.prepare(`insert into tags (name) values ('Research'), ('Industry')`).run();
    // One page and a bit of messages, so the pager shows too.
    const insert = db.prepare(
      `insert into contacts (name, email, company, subject, message, privacy)
       values (?, ?, 'Navy Labs', 'consulting', 'We need help with retrieval.', 1)`,
    );
    for (let i = 1; i <= 26; i++) insert.run(`Visitor ${i}`, `visitor${i}@example.com`);
    db.prepare(`insert into subscribers (email) values ('reader@example.com')`).run();
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** "Phones": no control of the page as it is now smaller than 44 × 44 px. */
async function expectFingerSized(page: Page, where: string): Promise<void> {
  const offenders = await smallTargets(page);
  expect(offenders, `${where}:\n${offenders.join('\n')}`).toEqual([]);
}

describe('buttons at 390 px', () => {
  it('on the public page are at least 44 px tall, icon buttons 44 px wide too, and every control 44 × 44 px', async () => {
    const page = await newPage(browser, { ...PHONE, colorScheme: 'light' });
    try {
      await openApp(page, server.url);
      await waitForContactForm(page);
      await revealWholePage(page);
      await page.locator('[data-current]').getByRole('button', { name: 'Source' }).waitFor();
      await page.waitForFunction(() => {
        const b = document.querySelector<HTMLButtonElement>(
          '#newsletter-signup button[type="submit"]',
        );
        return b !== null && !b.disabled;
      });
      const seen = await buttonTargets(page, 'home');
      await expectFingerSized(page, 'home');
      // A toast with its close button.
      const form = page.getByRole('form', { name: 'Newsletter signup' });
      await form.getByLabel('Email address').fill('phone-reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, /Almost there/);
      seen.push(...(await buttonTargets(page, 'home, toast')));
      await expectFingerSized(page, 'home, toast');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      seen.push(...(await buttonTargets(page, 'home, menu open')));
      await expectFingerSized(page, 'home, menu open');

      const names = seen.map((t) => t.name);
      for (const name of ['Book a Free Consultation', 'Next fact', 'Source', 'Light theme']) {
        expect(
          names.some((n) => n.startsWith(name)),
          name,
        ).toBe(true);
      }
      expect(tooSmall(seen)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('on the admin screens are at least 44 px tall, icon buttons 44 px wide too', async () => {
    const page = await newPage(browser, { ...PHONE, colorScheme: 'light' });
    const seen: Target[] = [];
    const measure = async (where: string) => seen.push(...(await buttonTargets(page, where)));
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await visible(page.getByRole('navigation', { name: 'Admin sections' }));
    };
    const closeMenu = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Admin sections' }).waitFor({ state: 'hidden' });
    };
    try {
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }), 20_000);
      await measure('login');

      await withSession(page, server, 'phone');
      // The Overview: the period's choices and the export (a fresh site: no visits yet).
      await page.goto(`${server.url}/admin/overview`);
      await visible(page.getByRole('heading', { name: 'No visits counted yet' }));
      await measure('overview');
      await page.getByRole('radio', { name: 'Custom' }).click();
      await visible(page.getByRole('button', { name: 'Show' }));
      await measure('overview, custom period');
      await page.goto(`${server.url}/admin/dashboard`);
      await page.getByRole('row').first().waitFor();
      await measure('facts');
      await openMenu();
      await measure('facts, menu open');
      await closeMenu();

      await page.getByRole('button', { name: 'Add New Fact' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Add New AI Fact' }));
      await dialog.getByRole('button', { name: 'Add tag Research' }).click();
      await visible(dialog.getByRole('button', { name: 'Remove tag Research' }));
      await measure('add fact dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete' }).first().click();
      const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete fact' }));
      await measure('delete fact dialog');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Edit' }).first().click();
      await visible(page.getByRole('heading', { name: 'Edit AI Fact' }));
      await measure('edit fact');

      await page.goto(`${server.url}/admin/messages`);
      await visible(page.getByRole('article', { name: 'Visitor 26' }), 20_000);
      await measure('messages');
      const search = page.getByRole('search', { name: 'Messages' });
      await search.getByRole('searchbox').fill('Visitor 7');
      await search.getByRole('button', { name: 'Search' }).click();
      await visible(search.getByRole('button', { name: 'Clear' }));
      await measure('messages, searched');

      await page.getByRole('link', { name: 'Visitor 7' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Visitor 7' }));
      await measure('one message');

      await page.goto(`${server.url}/admin/subscribers`);
      await visible(page.getByRole('button', { name: 'Remove reader@example.com' }), 20_000);
      await measure('subscribers');

      await page.goto(`${server.url}/admin/account`);
      await visible(page.getByRole('button', { name: 'Change password' }), 20_000);
      await measure('account');
      await page.goto(`${server.url}/admin/users`);
      await visible(page.getByRole('button', { name: 'Invite administrator' }), 20_000);
      await measure('administrators');
      await page.goto(`${server.url}/admin/audit`);
      await visible(page.getByRole('link', { name: 'Export CSV' }), 20_000);
      await measure('audit log');

      const names = seen.map((t) => t.name);
      for (const name of ['Sign In', 'Menu', 'Logout', 'Move up', 'Edit', 'Export CSV', 'Next']) {
        expect(names, name).toContain(name);
      }
      expect(
        names.some((n) => n.startsWith('Messages')),
        'Messages link',
      ).toBe(true);
      expect(tooSmall(seen)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('on the sign-in steps are at least 44 px tall, and every control 44 × 44 px', async () => {
    const page = await newPage(browser, { ...PHONE, colorScheme: 'light' });
    try {
      await page.goto(`${server.url}/admin/login`);
      await visible(page.getByRole('heading', { name: 'Admin Login' }), 20_000);
      await expectFingerSized(page, 'password step');
      await fillCredentials(page, 'coded');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Two-Factor Authentication' }), 20_000);
      await toast(page, /./);
      const seen = await buttonTargets(page, 'code step');
      expect(seen.map((t) => t.name)).toContain('Verify Code');
      expect(tooSmall(seen)).toEqual([]);
      await expectFingerSized(page, 'code step');
    } finally {
      await page.context().close();
    }
  });
});

interface Look {
  backgroundColor: string;
  color: string;
  borderRadius: string;
  fontWeight: string;
  fontFamily: string;
}

function look(button: Locator): Promise<Look> {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      backgroundColor: style.backgroundColor,
      color: style.color,
      borderRadius: style.borderRadius,
      fontWeight: style.fontWeight,
      fontFamily: style.fontFamily,
    };
  });
}

/** WCAG contrast of the button's text on its background (colours read back through a canvas). */
function contrast(button: Locator): Promise<number> {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    const luminance = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = [...context.getImageData(0, 0, 1, 1).data].map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [text, back] = [luminance(style.color), luminance(style.backgroundColor)];
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
}

describe('the primary button', () => {
  it('looks the same on the public page and in the admin, in the light and the dark theme', async () => {
    const home = await newPage(browser, { ...PHONE, colorScheme: 'light' });
    const admin = await newPage(browser, { ...PHONE, colorScheme: 'light' });
    try {
      await openApp(home, server.url);
      const publicPrimary = home
        .locator('#home')
        .getByRole('link', { name: 'Book a Free Consultation' });
      await admin.goto(`${server.url}/admin/login`);
      await visible(admin.getByRole('heading', { name: 'Admin Login' }), 20_000);
      const adminPrimary = admin.getByRole('button', { name: 'Sign In', exact: true });

      const looks: Record<string, Look> = {};
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(home, scheme);
        await showColorScheme(admin, scheme);
        const seen = await look(publicPrimary);
        looks[scheme] = seen;
        expect(await look(adminPrimary), scheme).toEqual(seen);
        expect(await contrast(adminPrimary), scheme).toBeGreaterThanOrEqual(4.5);
      }
      // The theme changes the colours, so the comparison above saw both themes.
      expect(looks.dark!.backgroundColor).not.toBe(looks.light!.backgroundColor);
    } finally {
      await home.context().close();
      await admin.context().close();
    }
  });
});
