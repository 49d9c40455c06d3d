/**
 * The AI triage on the admin's screens, with a model (docs/leads.md, "Triage on the screens"):
 * an enquiry arrives and the site's OpenAI-compatible provider (a fake of the test's own,
 * tests/support/openai-server.ts) sorts it; the label shows in the leads list and its filter
 * keeps only that label; on the lead's page the label is changed by keyboard and asked again;
 * the site assistant is turned on in Content by keyboard; the Overview shows the month's use
 * and the assistant's counts. Each screen is checked with axe at 390 px in the dark theme
 * (Content in the light one too).
 * One server, one browser, one signed-in session for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startOpenAiServer,
  type OpenAiServer,
  type RecordedRequest,
} from '#tests/support/openai-server';
import {
  apiRequest,
  newPage,
  startServerAndBrowser,
  startSmtpCatcher,
  type RunningServer,
  type SmtpCatcher,
} from './support';
import {
  addUser,
  expectNoAxeViolations,
  showColorScheme,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

const MODEL = 'fake-model';
const LIMIT = 1_000_000;
/** What the fake provider reports for every call (its default usage: 40 in, 10 out). */
const TOKENS_PER_CALL = 50;

const client = {
  name: 'Lin Client',
  email: 'lin.client@example.com',
  subject: 'consulting',
  message: 'We would like a pilot of an assistant for our support inbox.',
  privacy: true,
};
const seller = {
  name: 'Sam Seller',
  email: 'sam.seller@example.com',
  subject: 'other',
  message: 'Cheap backlinks for your site, 500 for $9!',
  privacy: true,
};

/** The "model": spam for backlinks, a possible client otherwise, in the JSON asked for. */
function sortIt(request: RecordedRequest): string {
  const asked = JSON.stringify(request.body.messages ?? []);
  return JSON.stringify(
    asked.includes('backlinks')
      ? { label: 'spam', reason: 'Sells backlinks.', summary: 'Offers backlinks.\nFor $9.' }
      : {
          label: 'genuine',
          reason: 'Asks for a pilot of their own.',
          summary: 'Wants a support-inbox assistant pilot.\nNo budget given.',
        },
  );
}

let openai: OpenAiServer;
let smtp: SmtpCatcher;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [openai, smtp] = await Promise.all([startOpenAiServer({ answer: sortIt }), startSmtpCatcher()]);
  [server, browser] = await startServerAndBrowser({
    env: {
      SMTP_URL: smtp.url,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: openai.baseUrl,
      AI_MODEL: MODEL,
      AI_MONTHLY_TOKENS: String(LIMIT),
    },
  });
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await openai?.close();
});

async function send(enquiry: typeof client): Promise<void> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(enquiry),
  });
  expect(response.status).toBe(201);
}

/** The labels the leads list answers, by name (the triage is written after the 201). */
async function labels(): Promise<Record<string, string | null>> {
  const response = await apiRequest(page, `${server.url}/api/leads`);
  const body = (await response.json()) as {
    leads: { name: string; triage: { label: string } | null }[];
  };
  return Object.fromEntries(body.leads.map((lead) => [lead.name, lead.triage?.label ?? null]));
}

const table = () => page.getByRole('table');
const triageBlock = () => page.getByRole('region', { name: 'Triage' });

describe('the AI triage on a 390 px phone in the dark theme', () => {
  it('shows each enquiry’s label in the list, and the filter keeps one label', async () => {
    await Promise.all([send(client), send(seller)]);
    page = await newPage(browser, { width: 390, height: 844 });
    await startSignedIn(page, server, 'owner');
    await expect
      .poll(labels, { timeout: 20_000 })
      .toEqual({ [client.name]: 'genuine', [seller.name]: 'spam' });

    await showColorScheme(page, 'dark');
    await page.goto(`${server.url}/admin/leads`);
    const sellerRow = table().getByRole('row').filter({ hasText: seller.name });
    await visible(sellerRow.getByText('Triage: Spam'));
    await visible(sellerRow.getByText('Offers backlinks.'));
    await visible(
      table().getByRole('row').filter({ hasText: client.name }).getByText('Triage: Genuine'),
    );

    // The filter, by keyboard: from the selected "All", three to the right is "Spam".
    const filter = page.getByRole('radiogroup', { name: 'Triage' });
    await filter.getByRole('radio', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.waitForURL('**/admin/leads?triage=spam');
    await visible(page.getByRole('table', { name: 'Leads labelled Spam, latest activity first' }));
    await expect.poll(() => table().getByRole('link').allInnerTexts()).toEqual([seller.name]);
    await expectNoAxeViolations(page);
  });

  it('changes the label by keyboard on the lead’s page, and asks again', async () => {
    await page.goto(`${server.url}/admin/leads`);
    await table().getByRole('link', { name: client.name }).click();
    await page.waitForURL('**/admin/leads/*');
    const block = await visible(triageBlock());
    await visible(block.getByText('Asks for a pilot of their own.'));
    await visible(block.getByText(`Read by ${MODEL}`, { exact: false }));
    await expectNoAxeViolations(page);

    // Genuine is chosen; the arrow moves the choice to Pitch, Tab reaches Save.
    await block.getByRole('radio', { name: 'Genuine' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => block.getByRole('radio', { name: 'Pitch' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Save label');
    await page.keyboard.press('Enter');
    await toast(page, 'Triage label saved');
    await visible(block.getByText('Changed by hand.'));
    await visible(block.getByText('Set by hand', { exact: false }));
    expect(await labels()).toMatchObject({ [client.name]: 'pitch' });

    // Asked again, the model's reading replaces the hand's: the page reads the lead until
    // it comes.
    const calls = openai.chatRequests().length;
    await block.getByRole('button', { name: 'Ask again' }).click();
    await toast(page, 'Asking the model again');
    await visible(block.getByText('Asks for a pilot of their own.'), 20_000);
    expect(openai.chatRequests()).toHaveLength(calls + 1);
    await expect.poll(() => block.getByRole('radio', { name: 'Genuine' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('turns the site assistant on in Content; the Overview shows the month’s use and its counts', async () => {
    await page.goto(`${server.url}/admin/content`);
    const name = 'Answer visitors’ questions from the site’s words';
    await (await visible(page.getByRole('switch', { name }))).focus();
    await page.keyboard.press('Space');
    await toast(page, 'Site assistant on');
    await expectNoAxeViolations(page);
    // The switch in the light theme too; the Overview below is in the dark one.
    await showColorScheme(page, 'light');
    await expectNoAxeViolations(page);
    await showColorScheme(page, 'dark');

    await page.goto(`${server.url}/admin/overview`);
    await visible(
      page.getByRole('region', { name: 'Site assistant' }).getByText('Questions', { exact: true }),
    );
    const meter = await visible(page.getByRole('meter', { name: 'AI use this month' }));
    const used = openai.chatRequests().length * TOKENS_PER_CALL;
    expect(await meter.getAttribute('aria-valuenow')).toBe(String(used));
    expect(await meter.getAttribute('aria-valuetext')).toBe(
      `${used} of ${LIMIT.toLocaleString('en-US')} tokens (0%)`,
    );
    await visible(page.getByText(`Model: ${MODEL}`));
    await expectNoAxeViolations(page);
  });
});
