/**
 * Testimonials and client logos in the admin, by keyboard on a 390 px phone
 * (docs/admin-guide.md, "Testimonials and client logos"): a testimonial is created, its
 * publish is refused at the consent record (the server's words, focus on the date), the
 * consent is recorded and it is published; a logo is refused for want of its image, the image
 * is uploaded with its description and it is published. Axe checks the lists and the editors
 * in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PROOF_MESSAGES } from '#shared/proof';
import { testImage } from '#tests/support/images';
import { newPage, startServerAndBrowser, withDatabase, type RunningServer } from './support';
import {
  addUser,
  expectNoAxeViolations,
  focusedLabel,
  pressUntilFocused,
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
  page = await newPage(browser, { width: 390, height: 844 });
  await startSignedIn(page, server, 'owner');
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

/** Axe in both themes, and nothing wider than the phone. */
async function checkScreen(): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    await expectNoAxeViolations(page);
  }
}

/** Tab until `label` has focus: past the admin's navigation, a screen's whole form. */
const tabTo = (label: string) => pressUntilFocused(page, 'Tab', label, 80);

/** Tab to the field named `label`, then type, as a keyboard user does. */
async function typeInto(label: string, text: string): Promise<void> {
  await tabTo(label);
  await page.keyboard.type(text);
}

const stored = (table: 'testimonials' | 'client_logos') =>
  withDatabase(server.dbPath, (db) =>
    db.prepare(`SELECT status, consent_at, consent_how FROM ${table}`).all(),
  );

describe('testimonials', () => {
  it('creates one, is told at the consent record that publishing needs it, records it and publishes', async () => {
    await page.goto(`${server.url}/admin/testimonials`);
    await visible(page.getByRole('heading', { name: 'Testimonials', level: 1 }));
    await tabTo('New testimonial');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'New testimonial', level: 1 }));

    await typeInto('Quote', 'Our support team answers in minutes now, not days.');
    await visible(page.getByText('50 of 600 characters'));
    await typeInto('Name', 'Ada Lovelace');
    await typeInto('Company', 'Harbor Logistics');
    await page.keyboard.press('Enter');
    await toast(page, 'Testimonial created as a draft');
    await page.waitForURL('**/admin/testimonials/1');
    await visible(page.getByRole('heading', { name: 'Edit testimonial', level: 1 }));
    await checkScreen();

    // Publish says what it needs, is pressable, and the server's refusal lands at the record.
    await tabTo('Publish');
    await page.keyboard.press('Enter');
    const consent = page.getByRole('group', { name: 'Consent' });
    await visible(consent.getByText(PROOF_MESSAGES.consentRequired));
    await expect.poll(() => focusedLabel(page)).toBe('Date of consent');
    expect(stored('testimonials')).toEqual([
      { status: 'draft', consent_at: null, consent_how: null },
    ]);

    // A date input takes its day through its segments; fill() types the ISO day for us.
    await page.getByLabel('Date of consent').fill('2026-05-03');
    await typeInto('How it was given', 'e-mail of 3 May');
    await tabTo('Publish');
    await page.keyboard.press('Enter');
    await toast(page, 'Testimonial published');
    await visible(page.getByRole('button', { name: 'Unpublish' }));
    expect(stored('testimonials')).toEqual([
      { status: 'published', consent_at: '2026-05-03', consent_how: 'e-mail of 3 May' },
    ]);

    await page.goto(`${server.url}/admin/testimonials`);
    await visible(page.getByRole('link', { name: 'Ada Lovelace, Harbor Logistics' }));
    await visible(page.getByText('Published', { exact: true }));
    await checkScreen();
  });
});

describe('client logos', () => {
  it('creates one, is refused without its image, uploads it with its description and publishes', async () => {
    await page.goto(`${server.url}/admin/client-logos`);
    await visible(page.getByRole('heading', { name: 'Client logos', level: 1 }));
    await tabTo('New logo');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'New client logo', level: 1 }));
    await typeInto('Client’s name', 'Acme');
    await tabTo('Date of consent');
    await page.getByLabel('Date of consent').fill('2026-05-03');
    await typeInto('How it was given', 'signed release of 3 May');
    await page.keyboard.press('Enter');
    await toast(page, 'Logo created as a draft');
    await page.waitForURL('**/admin/client-logos/1');

    await tabTo('Publish');
    await page.keyboard.press('Enter');
    const image = page.getByRole('region', { name: 'Logo image' });
    await visible(image.getByText(PROOF_MESSAGES.imageRequired));
    await expect.poll(() => focusedLabel(page)).toBe('Upload the logo image');
    await checkScreen();

    await typeInto('Description (alt text)', 'Acme');
    await image.getByLabel('Upload the logo image').setInputFiles({
      name: 'acme.png',
      mimeType: 'image/png',
      buffer: await testImage('png', 400, 100),
    });
    await toast(page, 'Logo image uploaded');
    await visible(image.getByRole('img', { name: 'Current: Acme' }));
    await tabTo('Publish');
    await page.keyboard.press('Enter');
    await toast(page, 'Logo published');
    expect(stored('client_logos')).toEqual([
      { status: 'published', consent_at: '2026-05-03', consent_how: 'signed release of 3 May' },
    ]);

    await page.goto(`${server.url}/admin/client-logos`);
    await visible(page.getByRole('link', { name: 'Acme', exact: true }));
    await checkScreen();
  });
});
