/**
 * The newsletter screens end to end: the real server with an SMTP catcher, an administrator
 * with an e-mail address (so signing in takes the e-mailed code, and a test copy goes to that
 * address by default), confirmed subscribers seeded in the database. Write, preview, test,
 * send, watch the progress, and count what the catcher got.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  launchBrowser,
  newPage,
  startServer,
  startSmtpCatcher,
  withDatabase,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import {
  addUser,
  codeFrom,
  fillCredentials,
  showColorScheme,
  toast,
  visible,
} from './admin-support';

const ADMIN = 'owner';
const ADMIN_EMAIL = 'owner@example.com';
const CONFIRMED = ['ann@example.com', 'ben@example.com', 'cleo@example.com'];
const subject = 'Spring update';
const heading = 'Spring heading';

let server: RunningServer;
let smtp: SmtpCatcher;
let browser: Browser;
/** One signed-in administrator for the whole file; the tests follow one session. */
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    env: {
      SMTP_URL: smtp.url,
      // The public address the mails' links are built on (the browser still talks to
      // 127.0.0.1: its writes pass the cross-site check by their Host).
      SITE_URL: 'https://acme.example',
      // Fast enough that the send ends within the test, slow enough to be watched.
      NEWSLETTER_RATE_PER_MINUTE: '600',
    },
  });
  await addUser(server.dbPath, ADMIN, ADMIN_EMAIL);
  withDatabase(server.dbPath, (db) => {
    const insert = db.prepare(
      'insert into subscribers (email, status, confirmed_at, unsubscribed_at) values (?, ?, ?, ?)',
    );
    const now = Date.now();
    for (const email of CONFIRMED) insert.run(email, 'confirmed', now, null);
    // Neither of these may get the newsletter.
    insert.run('pending@example.com', 'pending', null, null);
    insert.run('gone@example.com', 'unsubscribed', now, now);
  });
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/admin/login`);
  await fillCredentials(page, ADMIN);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const mail = await smtp.waitForMail({ to: ADMIN_EMAIL });
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(codeFrom(mail.text));
  await page.waitForURL('**/admin/dashboard', { timeout: 20_000 });
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/**
 * axe on the admin's own markup. The preview frames are left out: what is inside them is
 * mail HTML (layout tables, every style inline), judged by mail clients' rules, not a web
 * page's; and axe cannot run in them anyway, since `sandbox=""` lets no script run there (its
 * injection waits until the test's time is up). Their titles are checked by the test that
 * finds them by title.
 */
async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page, { exclude: ['iframe[sandbox]'] })).toEqual([]);
}

async function expectNoAxeViolationsLightAndDark(): Promise<void> {
  await showColorScheme(page, 'light');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'dark');
  await expectNoAxeViolations(page);
  await showColorScheme(page, 'light');
}

const frame = (scheme: 'light' | 'dark') =>
  page.frameLocator(`iframe[title="E-mail preview, ${scheme} scheme"]`);

/** The page's width fits the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('newsletters', () => {
  it('lists none at first, from the nav link after Subscribers', async () => {
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await visible(nav.getByRole('link', { name: 'Newsletters' }));
    const names = await nav.getByRole('link').allInnerTexts();
    expect(names[names.indexOf('Newsletters') - 1]).toBe('Subscribers');
    await nav.getByRole('link', { name: 'Newsletters' }).click();
    await page.waitForURL('**/admin/newsletters');
    await visible(page.getByRole('heading', { name: 'Newsletters', level: 1 }));
    await visible(page.getByText('No newsletters yet.', { exact: false }));
    await expectNoAxeViolationsLightAndDark();
  });

  it('creates a draft and opens it; the preview follows the typing in both schemes', async () => {
    await page.getByRole('button', { name: 'New newsletter' }).click();
    await page.waitForURL(/\/admin\/newsletters\/1$/);
    await visible(page.getByRole('heading', { name: 'Edit newsletter', level: 1 }));
    await toast(page, 'Draft created');

    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Body (Markdown)' })
      .fill(`# ${heading}\n\nHello **readers**, news from the workshop.`);
    for (const scheme of ['light', 'dark'] as const) {
      await visible(frame(scheme).getByRole('heading', { name: heading }));
    }
    await visible(page.getByText('news from the workshop.', { exact: false }).first());
    // The frames are painted with the mail's own inline styles (the admin's CSP lets them
    // through): a light page in one, a dark one in the other.
    const lightness = (scheme: 'light' | 'dark') =>
      frame(scheme)
        .locator('body')
        .evaluate((body) => {
          const [r = 0, g = 0, b = 0] = (
            getComputedStyle(body).backgroundColor.match(/\d+/g) ?? []
          ).map(Number);
          return (r + g + b) / 3;
        });
    expect(await lightness('light')).toBeGreaterThan(200);
    expect(await lightness('dark')).toBeLessThan(60);
    const text = page.locator('pre', { hasText: heading });
    expect(await text.innerText()).toContain('Hello readers, news from the workshop.');
  });

  it('keeps the test and the send waiting while there are unsaved changes', async () => {
    await visible(page.getByText('Unsaved changes'));
    expect(await page.getByRole('button', { name: 'Send a test' }).isDisabled()).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Send to 3 confirmed subscribers' }).isDisabled(),
    ).toBe(true);
    await visible(page.getByText('Save your changes first: the newsletter is sent as saved.'));
  });

  it('validates as typed with the shared messages', async () => {
    const field = page.getByRole('textbox', { name: 'Subject' });
    await field.fill('   ');
    await visible(page.getByText('Subject must be between 1 and 200 characters'));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(subject);
    await page
      .getByText('Subject must be between 1 and 200 characters')
      .waitFor({ state: 'detached' });
  });

  it('asks before leaving with unsaved changes, and staying keeps them', async () => {
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Subscribers' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/newsletters\/1$/);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(subject);
  });

  it('saves, then sends a test copy to the administrator’s own address', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Newsletter saved');
    await visible(page.getByText('All changes saved'));
    await expectNoAxeViolationsLightAndDark();

    await page.getByRole('button', { name: 'Send a test' }).click();
    await toast(page, 'Test sent');
    const copy = await smtp.waitForMail({ to: ADMIN_EMAIL });
    expect(copy.subject).toBe(`[Test] ${subject}`);
    expect(copy.text).toContain(heading);
  });

  it('lays the page out at a phone’s width and a wide screen’s', async () => {
    const frames = page.locator('iframe[sandbox=""]');
    const tops = async () =>
      frames.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    await expectNoSidewaysScroll();
    const [lightTop, darkTop] = await tops();
    expect(lightTop).toBe(darkTop); // side by side
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expectNoSidewaysScroll();
      const [phoneLight = 0, phoneDark = 0] = await tops();
      expect(phoneDark).toBeGreaterThan(phoneLight); // one above the other
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('sends to the confirmed subscribers after a dialog naming them, and shows the progress', async () => {
    await page.getByRole('button', { name: 'Send to 3 confirmed subscribers' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Send newsletter' }));
    await visible(
      dialog.getByText(`Send '${subject}' to 3 confirmed subscribers? This cannot be undone.`),
    );
    await expectNoAxeViolations(page);
    // "Sending started" closes once the page sees the sending end, which with three
    // recipients can be the first poll: record every toast shown rather than catch it.
    await page.evaluate(() => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const shown of document.querySelectorAll('[role="alertdialog"]')) {
          seen.add(shown.textContent ?? '');
        }
        sessionStorage.setItem('toasts-seen', JSON.stringify([...seen]));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('toasts-seen') ?? ''))
      .toContain('Sending started');
    await dialog.waitFor({ state: 'detached' });

    // Read-only from now on, and the bar reaches the end by itself (the page polls).
    expect(await page.getByRole('textbox', { name: 'Subject' }).count()).toBe(0);
    await visible(page.getByRole('heading', { name: subject, level: 1 }));
    const bar = page.getByRole('progressbar', { name: 'Progress' });
    await visible(bar);
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '100',
      null,
      { timeout: 30_000 },
    );
    await visible(page.getByRole('status').filter({ hasText: 'Sending finished: 3 of 3 sent.' }));
    expect(await bar.getAttribute('aria-valuetext')).toBe('100%: 3 of 3 sent');
    await visible(page.getByText('Sent on', { exact: false }));
    // Nothing failed: nothing to retry.
    expect(await page.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
    await expectNoAxeViolationsLightAndDark();
  });

  it('mailed exactly one copy to each confirmed subscriber, with the one-click headers', async () => {
    const newsletters = smtp.messages.filter((m) => m.subject === subject);
    expect(
      newsletters
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([...CONFIRMED].sort());
    for (const mail of newsletters) {
      // Long header lines are folded onto the next line, which starts with a space.
      const raw = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(
        /^List-Unsubscribe: <https:\/\/acme\.example\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>\r?$/m,
      );
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(mail.text).toContain(heading);
    }
  });

  it('lets a reader leave from the unsubscribe link in the newsletter itself', async () => {
    const mail = smtp.messages.find(
      (m) => m.subject === subject && m.to.includes('ann@example.com'),
    );
    const link = /https:\/\/acme\.example(\/newsletter\/unsubscribe\?token=[\w-]{43})/.exec(
      mail?.text ?? '',
    );
    expect(link).not.toBeNull();
    // The mail's link is on SITE_URL; this test's server answers on 127.0.0.1.
    const reader = await newPage(browser, { width: 390, height: 844 });
    try {
      await reader.goto(`${server.url}${link?.[1] ?? ''}`);
      await reader.getByRole('button', { name: 'Unsubscribe' }).click();
      await visible(
        reader.getByText('You have been unsubscribed. You will not receive further newsletters.'),
      );
    } finally {
      await reader.context().close();
    }
    const status = withDatabase(server.dbPath, (db) =>
      db.prepare('select status from subscribers where email = ?').pluck().get('ann@example.com'),
    );
    expect(status).toBe('unsubscribed');
  });

  it('lists it as sent with its figures', async () => {
    await page.getByRole('link', { name: 'All newsletters' }).click();
    await page.waitForURL('**/admin/newsletters');
    const row = page.getByRole('article', { name: subject });
    await visible(row);
    await visible(row.getByText('Sent', { exact: true }));
    await visible(row.getByText('3 of 3 sent'));
    await expectNoAxeViolationsLightAndDark();
  });

  it('says clearly when a draft was sent elsewhere before Save, and shows it read-only', async () => {
    await page.getByRole('button', { name: 'New newsletter' }).click();
    await page.waitForURL(/\/admin\/newsletters\/2$/);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Changed meanwhile');
    // Another tab or administrator sent it in the meantime.
    withDatabase(server.dbPath, (db) =>
      db
        .prepare(`update newsletters set status = 'sent', sent_at = ? where id = 2`)
        .run(Date.now()),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const refused = await toast(page, 'Not a draft any more');
    await visible(refused.getByText('only a draft can be changed', { exact: false }));
    await visible(page.getByText('Read-only', { exact: false }));
    expect(await page.getByRole('textbox', { name: 'Subject' }).count()).toBe(0);
  });
});
