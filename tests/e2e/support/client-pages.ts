/**
 * What the browser tests of the client's pages (a proposal's, an invoice's, an engagement's)
 * share: the next mail of a kind, Tab to a control with no pointer, axe under both schemes,
 * and the owner's changes through the API with their session.
 */
import { expect } from 'vitest';
import type { FileChooser, Locator, Page } from 'playwright-core';
import { apiRequest } from './api-request';
import { axeViolations } from './axe';
import type { CaughtMail, SmtpCatcher } from './smtp';

/** The next caught mail to `to` whose subject matches. */
export async function mailTo(smtp: SmtpCatcher, to: string, subject: RegExp): Promise<CaughtMail> {
  for (;;) {
    const mail = await smtp.waitForMail({ to, timeoutMs: 20_000 });
    if (subject.test(mail.subject)) return mail;
  }
}

/** Tab from where the focus is until `target` has it: no pointer at all. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
}

/**
 * The file chooser that `open` makes the page show. Playwright asks Chromium to report file
 * choosers only once something listens for them, and sends that request without waiting for it;
 * on a loaded machine a key press sent straight after reached the page first in 8 of 450 tries,
 * and the chooser opened unreported. A round trip into the page after listening lets the request
 * land first (0 of 850 tries).
 */
export async function fileChooserFrom(page: Page, open: () => Promise<void>): Promise<FileChooser> {
  const chooser = page.waitForEvent('filechooser');
  await page.evaluate(() => undefined);
  const [opened] = await Promise.all([chooser, open()]);
  return opened;
}

/**
 * A client's page carries no script, so no theme of the site's: it declares itself light and
 * stays so under a dark preference. Checked under both.
 */
export async function expectClientPageAxeClean(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A change the owner makes through the API with their session (the screens are tested apart). */
export async function ownerRequest(
  owner: Page,
  siteUrl: string,
  method: 'PUT' | 'PATCH' | 'POST',
  path: string,
  data: unknown = {},
): Promise<Record<string, unknown>> {
  const response = await apiRequest(owner, `${siteUrl}${path}`, {
    method,
    data,
    headers: { origin: siteUrl },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}
