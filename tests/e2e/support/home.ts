import type { Page } from 'playwright-core';
import { withDatabase } from './database';

/** Opens a path and waits until the app has taken over the prerendered page. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
}

/** Scrolls every section into view once, so their scroll-in animations have run. */
export async function revealWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('.reveal-pending').length === 0);
  // The last animations (0.6 s plus a stagger) finish before anything is measured.
  await page.waitForTimeout(1000);
}

/**
 * Waits until the page has stopped scrolling: no change of position for 500 ms (a smooth
 * scroll can stall for a frame or two while the page is busy).
 */
export async function waitForScrollEnd(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        let last = window.scrollY;
        let stableSince = performance.now();
        const started = performance.now();
        const check = () => {
          const now = performance.now();
          if (window.scrollY !== last) {
            last = window.scrollY;
            stableSince = now;
          }
          if (now - stableSince >= 500) return resolve();
          if (now - started > 10_000) return reject(new Error('the page kept scrolling'));
          setTimeout(check, 25);
        };
        check();
      }),
  );
}

/** Top of an element relative to the viewport, in px. */
export function viewportTop(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (element) => element.getBoundingClientRect().top);
}

/** The contact form's island has hydrated once its submit button is enabled. */
export async function waitForContactForm(page: Page): Promise<void> {
  await page.locator('#contact-form').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Send Message' }).waitFor();
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('#contact-form button')].find(
      (b) => b.textContent === 'Send Message',
    );
    return button !== undefined && !(button as HTMLButtonElement).disabled;
  });
}

/** Fills every contact field (company left empty) and ticks the privacy box, as a visitor would. */
export async function fillContactForm(
  page: Page,
  fields: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full Name').fill(fields.name);
  await form.getByLabel('Email Address').fill(fields.email);
  await form.getByRole('button', { name: /Select a subject/ }).click();
  await page.getByRole('option', { name: fields.subject }).click();
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill(fields.message);
  await form.getByText('I agree to the Privacy Policy and Terms of Service.').click();
}

export interface StoredContact {
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
  privacy: number;
}

export function storedContacts(dbPath: string): StoredContact[] {
  return withDatabase(dbPath, (db) =>
    db
      .prepare('select name, email, company, subject, message, privacy from contacts order by id')
      .all(),
  ) as StoredContact[];
}

export function storedSubscribers(dbPath: string): string[] {
  return withDatabase(dbPath, (db) =>
    (db.prepare('select email from subscribers order by id').all() as { email: string }[]).map(
      (row) => row.email,
    ),
  );
}

export interface PublicFactRow {
  id: number;
  factText: string;
  source: string;
}

/** The facts the home page shows, in order, straight from the public API. */
export async function publicFacts(baseUrl: string): Promise<PublicFactRow[]> {
  const response = await fetch(`${baseUrl}/api/ai-facts`);
  const body = (await response.json()) as { facts: PublicFactRow[] };
  return body.facts;
}
