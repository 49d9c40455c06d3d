/**
 * Case studies and insights in the admin end to end (docs/admin-guide.md, "Case studies and
 * insights"): by keyboard the owner writes a case study with two results, uploads its cover,
 * sees the saved draft in the site's own style at a phone's 390 px (the preview is the one
 * answer the admin may frame), publishes it, finds its public page, and makes a newsletter
 * draft of it. Axe checks the list and the editor in light and dark, and at 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { testImage } from '#tests/support/images';
import { newPage, startServerAndBrowser, type RunningServer } from './support';
import {
  addUser,
  expectNoAxeViolations,
  focusedLabel,
  showColorScheme,
  startSignedIn,
  toast,
  visible,
} from './admin-support';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  await addUser(server.dbPath, 'owner');
  page = await newPage(browser, { width: 1280, height: 900 });
  await startSignedIn(page, server, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

const TITLE = 'Answers in minutes, not days';
const SLUG = 'answers-in-minutes-not-days';

/** Presses Tab until the focused element is named `name` (at most `limit` presses). */
async function tabTo(name: string, limit = 4): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedLabel(page)) === name) return;
  }
  expect(await focusedLabel(page)).toBe(name);
}

/**
 * Axe in both themes. The preview's frame is left out: it holds the public page, a document of
 * its own (its header and main beside the admin's), which tests/e2e/entry-pages.test.ts checks.
 */
const PREVIEW = { exclude: ['iframe'] };

async function bothThemesClean(): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    await expectNoAxeViolations(page, PREVIEW);
  }
  await showColorScheme(page, 'light');
}

describe('case studies in the admin', () => {
  it('writes one by keyboard, uploads its cover, previews it at 390 px and publishes it', async () => {
    await page.goto(`${server.url}/admin/content`);
    await page
      .getByRole('navigation', { name: 'Content sections' })
      .getByRole('link', { name: 'Case studies' })
      .press('Enter');
    await page.waitForURL('**/admin/content/case-studies');
    await visible(page.getByText('No case studies yet.', { exact: false }));
    await page.getByRole('link', { name: 'New case study' }).press('Enter');
    await page.waitForURL('**/admin/content/case-studies/new');

    await page.getByRole('textbox', { name: 'Title' }).focus();
    await page.keyboard.type(TITLE);
    await tabTo('Address (slug)');
    await tabTo('Summary');
    await page.keyboard.type('A support team cut its time to answer with a retrieval assistant.');
    await tabTo('Text');
    await page.keyboard.type('## The problem\n\nTickets waited **two days**.');
    await tabTo('Client');
    await page.keyboard.type('Harbor Logistics');
    await tabTo('Industry');
    await page.keyboard.type('Logistics');
    const results: [string, string][] = [
      ['Time to answer', '-63 %'],
      ['Tickets closed a day by each support agent', 'from 2 days to 45 minutes'],
    ];
    for (const [index, [label, value]] of results.entries()) {
      await tabTo('Add a result');
      await page.keyboard.press('Enter');
      // The new row takes the cursor.
      expect(await focusedLabel(page)).toBe(`Result ${index + 1}: label`);
      await page.keyboard.type(label);
      await tabTo(`Result ${index + 1}: value`);
      await page.keyboard.type(value);
    }
    // Each result's words are seen whole in their fields, in a window of 800 px as of 1280
    // (issue 57: they were cut).
    for (const width of [800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const cut = await page
        .locator('input[name^="results."]')
        .evaluateAll((inputs) =>
          inputs
            .filter((input) => input.scrollWidth > input.clientWidth)
            .map((input) => `${(input as HTMLInputElement).value} (${input.clientWidth} px)`),
        );
      expect(cut, `at ${width} px`).toEqual([]);
    }
    // At 1440 px every link of the admin's navigation keeps its words on one line, even in a
    // row with less room than it needs (issue 57: "Audit log" wrapped).
    await page.setViewportSize({ width: 1440, height: 900 });
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    for (const room of ['80px', '']) {
      await nav.locator('ul').evaluate((list, width) => {
        (list as HTMLElement).style.width = width;
      }, room);
      const heights = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => [link.textContent, link.clientHeight]));
      expect(heights.filter(([, height]) => height !== heights[0]?.[1])).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await tabTo('Tags');
    await page.keyboard.type('Support, RAG');
    await page.keyboard.press('Enter');
    await toast(page, 'Case study created');
    await page.waitForURL(/\/admin\/content\/case-studies\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: TITLE }));
    // The address made from the title.
    expect(await page.getByRole('textbox', { name: 'Address (slug)' }).inputValue()).toBe(SLUG);
    await visible(page.getByText('Version 1,', { exact: false }));
    await bothThemesClean();

    // The cover, with its description (a file is chosen in the system's dialog).
    await page
      .getByRole('textbox', { name: 'Description of the picture (alt text)' })
      .fill('A chart of answer times');
    await page.getByLabel('Upload a cover').setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: await testImage('png', 1600, 900),
    });
    await toast(page, 'Cover uploaded');
    await visible(page.getByRole('img', { name: 'Current cover: A chart of answer times' }));

    // The saved draft in the site's own style, in a 390 px frame; then the card's width.
    const frameElement = page.locator('iframe[title^="Preview of"]');
    await frameElement.scrollIntoViewIfNeeded();
    const preview = page.frameLocator('iframe[title^="Preview of"]');
    await visible(preview.getByRole('heading', { level: 1, name: TITLE }));
    await visible(preview.locator('img[src^="/uploads/"]').first());
    expect(await page.getByRole('radio', { name: 'Phone (390 px)' }).isChecked()).toBe(true);
    expect(Math.round((await frameElement.boundingBox())?.width ?? 0)).toBe(390);
    expect(
      await preview.locator('html').evaluate((html) => html.ownerDocument.defaultView?.innerWidth),
    ).toBe(390);
    await page.getByRole('radio', { name: 'Phone (390 px)' }).press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Full width' }).isChecked()).toBe(true);
    await expect
      .poll(async () => (await frameElement.boundingBox())?.width ?? 0)
      .toBeGreaterThan(390);

    await page.getByRole('button', { name: 'Publish' }).press('Enter');
    await toast(page, 'Case study published');
    await visible(page.getByRole('link', { name: `/case-studies/${SLUG}` }));
    const published = await fetch(`${server.url}/case-studies/${SLUG}`);
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain(TITLE);
    expect(html).toContain('-63 %');
    expect(html).toContain('Tickets closed a day by each support agent');

    // A phone: nothing wider than the screen but the preview's own scrolling frame.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page, PREVIEW);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The list: its status, and the search.
    await page.getByRole('link', { name: 'All case studies' }).press('Enter');
    await page.waitForURL('**/admin/content/case-studies');
    const row = page.getByRole('article', { name: TITLE });
    await visible(row.getByText('Published'));
    await bothThemesClean();
    await page
      .getByRole('searchbox', { name: 'Search titles and summaries' })
      .fill('nothing like it');
    await visible(page.getByText('No case studies match your search.'));
    await page.getByRole('searchbox', { name: 'Search titles and summaries' }).fill('minutes');
    await visible(row);
  });

  it('makes a newsletter draft of the published case study, and opens it', async () => {
    await page.getByRole('link', { name: TITLE }).press('Enter');
    await page.waitForURL(/\/admin\/content\/case-studies\/\d+$/);
    await page.getByRole('button', { name: 'Make a newsletter draft' }).press('Enter');
    await toast(page, 'Newsletter draft made');
    await page.waitForURL(/\/admin\/newsletters\/\d+$/);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(TITLE);
    expect(await page.getByRole('textbox', { name: /Body/ }).inputValue()).toContain(
      `/case-studies/${SLUG}?utm_source=newsletter&utm_medium=email&utm_campaign=${SLUG}`,
    );
  });
});
