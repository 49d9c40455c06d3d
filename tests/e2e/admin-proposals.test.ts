/**
 * The owner's proposal in the browser (docs/proposals.md, "Admin screens"), on a 390 px phone:
 * from a lead's page a new proposal opens in the editor; items typed in major units show the
 * total at once in the figures and the client's page preview; Save stores it, Send asks
 * "Send to <address>?" and mails the lead its link; the Proposals list then has it under Sent.
 * Each screen is checked with axe in light and dark. One server, one browser, one session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import { addUser, showColorScheme, startSignedIn, toast, visible } from './admin-support';

const visitor = {
  name: 'Noor Client',
  email: 'noor.client@example.com',
  company: 'Noor Labs',
  subject: 'consulting',
  message: 'Could you send us a proposal for a support inbox pilot?',
  privacy: true,
};

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  [server, browser] = await startServerAndBrowser({
    env: {
      SMTP_URL: smtp.url,
      SITE_URL: 'https://acme.example',
      REPLY_TO: 'owner@acme.example',
      CONTACT_NOTIFY_TO: 'notify@acme.example',
    },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Light, then dark; the preview's sandboxed frame (the client's page) is not the admin's. */
async function expectAxeCleanLightAndDark(): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    expect(await axeViolations(page, { exclude: ['iframe[sandbox]'] })).toEqual([]);
  }
  await showColorScheme(page, 'light');
}

/** Nothing wider than the phone: the page never scrolls sideways. */
const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

const sections = () => page.getByRole('navigation', { name: 'Admin sections' });

describe('a proposal from a lead to the client', () => {
  it('starts on the lead page and opens in the editor', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(visitor),
    });
    expect(response.status).toBe(201);

    page = await newPage(browser, { width: 390, height: 844 });
    await startSignedIn(page, server, 'owner');
    await page.getByRole('button', { name: 'Menu' }).click();
    await sections().getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/admin/leads');
    await page.getByRole('table').getByRole('link', { name: visitor.name }).click();
    await page.waitForURL('**/admin/leads/*');

    const proposals = await visible(page.getByRole('region', { name: 'Proposals' }));
    await visible(proposals.getByText('No proposals yet.'));
    await proposals
      .getByRole('textbox', { name: 'Title of a new proposal' })
      .fill('Support inbox pilot');
    await proposals.getByRole('button', { name: 'New proposal' }).click();
    await page.waitForURL(/\/admin\/proposals\/\d+$/);
    await visible(page.getByRole('heading', { name: /^P-\d{4}-1 v1$/, level: 1 }));
    await visible(page.getByText(`<${visitor.email}>`));
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue())
      .toBe('Support inbox pilot');
  });

  it('shows the total of the items typed in the figures and the preview', async () => {
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Item 1 description' }).fill('Discovery workshop');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('textbox', { name: 'Unit price (EUR)' }).fill('1500.00');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Item 2 description' }).fill('Pilot, four weeks');
    await page.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('1');
    await page.getByRole('textbox', { name: 'Unit price (EUR)' }).nth(1).fill('7,000.50');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Remove item 3' }).click();
    await page.getByRole('radio', { name: 'Percent' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Deposit (%)' }).fill('30');

    const figures = page.getByRole('status', { name: 'Figures' });
    await visible(figures.getByText('€10,000.50'));
    await visible(figures.getByText('€3,000.15'));
    // The preview is the client's page, in the site's stylesheet: its total in bold.
    await expect
      .poll(() => page.getByTitle("The client's page").getAttribute('srcdoc'), {
        timeout: 10_000,
      })
      .toContain('€3,000.15');
    const frame = page.frameLocator('iframe[title="The client\'s page"]');
    await visible(frame.getByText('Pilot, four weeks'));
    const total = frame.getByRole('row', { name: /^Total/ }).getByText('€10,000.50');
    await visible(total);
    expect(await total.evaluate((cell) => getComputedStyle(cell).fontWeight)).toBe('700');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await expectAxeCleanLightAndDark();

    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Proposal saved');
    await visible(page.getByText('All changes saved'));
  });

  it('refuses a price it cannot read at its field, and keeps the saved one', async () => {
    const price = page.getByRole('textbox', { name: 'Unit price (EUR)' }).first();
    await price.fill('a lot');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Price must be an amount such as 1500.00'));
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await price.fill('1500.00');
    await visible(page.getByText('All changes saved'));
  });

  it('sends it after asking, and mails the lead its link', async () => {
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Send this proposal' }));
    await visible(dialog.getByText(`Send to ${visitor.email}?`));
    expect(await axeViolations(page, { include: ['[role="alertdialog"]'] })).toEqual([]);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Proposal sent');

    // Read only now: where it stands, and what was sent.
    await visible(page.getByRole('heading', { name: 'Where it stands' }));
    await visible(page.getByText(/^Sent /));
    await visible(page.getByRole('button', { name: 'Withdraw' }));
    const mail = await smtp.waitForMail({ to: visitor.email, timeoutMs: 20_000 });
    expect(mail.text).toMatch(/https:\/\/acme\.example\/p\/[\w-]+/);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await expectAxeCleanLightAndDark();
  });

  it('is listed under Sent in Proposals', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await sections().getByRole('link', { name: 'Proposals' }).click();
    await page.waitForURL('**/admin/proposals');
    await visible(page.getByRole('heading', { name: 'Proposals', level: 1 }));
    await page.getByRole('radio', { name: 'Sent' }).click();
    await page.waitForURL('**/admin/proposals?status=sent');
    const table = await visible(page.getByRole('table', { name: 'Sent proposals, newest first' }));
    await visible(table.getByRole('link', { name: /^P-\d{4}-1 v1$/ }));
    await visible(table.getByText('Support inbox pilot'));
    await visible(page.getByRole('region', { name: 'Settings' }));
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await expectAxeCleanLightAndDark();
  });
});
