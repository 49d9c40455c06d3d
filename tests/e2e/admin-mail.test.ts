/**
 * The Mail screen and the Suppressed screen in the browser (docs/mail.md): a notice the mail
 * server refuses with 550 shows under Failed with its error and a Retry, and its address is on
 * the suppression list as a hard bounce; a notice that went shows under Sent. Axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { newPage, startServerAndBrowser, type RunningServer } from './support';
import { addUser, expectNoAxeViolations, signIn, visible } from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;
let sink: SmtpSink;

const GONE = 'gone@acme.example';

beforeAll(async () => {
  sink = await startSmtpSink({
    refuse: (to) => (to === GONE ? { code: 550, message: '5.1.1 No such user here' } : null),
  });
  [server, browser] = await startServerAndBrowser({
    env: { SMTP_URL: sink.url, CONTACT_NOTIFY_TO: GONE },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

describe('the Mail screen', () => {
  it('shows a refused notice under Failed with its error, and its address suppressed', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Visitor',
        email: 'ada@example.com',
        subject: 'consulting',
        message: 'We would like a pilot.',
        privacy: true,
      }),
    });
    expect(response.status).toBe(201);

    page = await newPage(browser, { width: 1280, height: 900 });
    await signIn(page, server.url, 'owner');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    // The enquiry's badge on Messages comes with the unread count, after the screen: it
    // widens the row, which wraps at 1280 px, and can move Mail to the next line. A click
    // taken before it lands where Mail was.
    await visible(sections.getByRole('link', { name: 'Messages, 1 unread' }));
    await sections.getByRole('link', { name: 'Mail' }).click();
    await visible(page.getByRole('heading', { name: 'Mail', level: 1 }));
    await page.getByRole('button', { name: 'Failed' }).click();
    // The sender may still be at it when the screen opens: the owner looks again.
    const retry = page.getByRole('button', { name: new RegExp(`^Retry .* to ${GONE}$`) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(page.getByRole('heading', { name: 'Mail', level: 1 }));
          await page.getByText('Loading the mail...').waitFor({ state: 'detached' });
          return retry.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await visible(page.getByText(/Last error: .*5\.1\.1/));
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Suppressed addresses' }).click();
    const table = page.getByRole('table', { name: 'Suppressed addresses, newest first' });
    const row = table.getByRole('row').filter({ hasText: GONE });
    await visible(row);
    expect(await row.innerText()).toContain('Hard bounce');
    await expectNoAxeViolations(page);
  });
});
