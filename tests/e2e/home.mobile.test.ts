import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, newPage, type RunningServer, startServerAndBrowser } from './support';
import {
  fillContactForm,
  openApp,
  revealWholePage,
  storedContacts,
  viewportTop,
  waitForContactForm,
  waitForScrollEnd,
} from './support/home';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
  page = await newPage(browser, MOBILE);
  await openApp(page, server.url);
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

describe('home page at 375 px', () => {
  it('shows every section in one column without sideways scrolling', async () => {
    await revealWholePage(page);
    for (const id of ['home', 'ai-facts', 'services', 'about', 'contact']) {
      expect(await page.locator(`#${id}`).isVisible(), id).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // Service cards stack: each one spans the content width.
    const widths = await page.$$eval('#services > div > ul > li', (cards) =>
      cards.map((c) => Math.round(c.getBoundingClientRect().width)),
    );
    expect(widths).toHaveLength(3);
    for (const width of widths) expect(width).toBeGreaterThan(300);
    // The carousel's current card fits the screen.
    const card = await page.locator('[data-current] article').boundingBox();
    expect(card!.x).toBeGreaterThanOrEqual(0);
    expect(card!.x + card!.width).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('the hero outline keeps clear of the headline line above it, and starts under its words', async () => {
    const hero = await page.evaluate(() => {
      const title = document.getElementById('hero-title')!;
      const highlight = title.querySelector<HTMLElement>('.hero-highlight')!;
      const outline = highlight.querySelector('svg')!;
      const start = document.createRange();
      start.selectNodeContents(title.firstChild!);
      const startLines = [...start.getClientRects()];
      return {
        startBottom: startLines[startLines.length - 1]!.bottom,
        highlightTop: highlight.getBoundingClientRect().top,
        outlineTop: outline.getBoundingClientRect().top,
        transform: getComputedStyle(outline).transform,
      };
    });
    // At 375 px "Unlocking Your" and "AI Value" take a line each.
    expect(hero.highlightTop).toBeGreaterThan(hero.startBottom);
    // The outline's top edge was drawn across the first line's letters: a stray underline.
    expect(hero.outlineTop).toBeGreaterThanOrEqual(hero.startBottom);
    // Mirrored top to bottom: the drawing begins along the bottom edge, under "AI Value".
    expect(hero.transform).toBe('matrix(1, 0, 0, -1, 0, 0)');
  });

  it('the header has a menu button instead of links; choosing a link closes the menu', async () => {
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Contact Us' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Color theme' }).isVisible()).toBe(true);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Services',
      'About',
      'Contact Us',
    ]);
    expect(
      await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).toBe('true');

    const top = await page.evaluate(() => window.scrollY);
    await menu.getByRole('link', { name: 'Services' }).click();
    await menu.waitFor({ state: 'hidden' });
    await waitForScrollEnd(page, top);
    expect(Math.abs((await viewportTop(page, '#services')) - 80)).toBeLessThanOrEqual(2);
    // The header stays on top with its shadow.
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((h) => h.getBoundingClientRect().top),
    ).toBe(0);
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((h) => getComputedStyle(h).boxShadow),
    ).not.toBe('none');

    // Escape closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('Contact Us from the menu lands on the contact section below the header', async () => {
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await waitForScrollEnd(page, before);
    expect(Math.abs((await viewportTop(page, '#contact')) - 80)).toBeLessThanOrEqual(2);
  });

  it('sends the contact form from a phone', async () => {
    await waitForContactForm(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContactForm(page, {
      name: 'Mo Bile',
      email: 'mo@example.com',
      subject: 'Partnership Opportunity',
      message: 'Hello from a small screen.',
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByText('Message sent!');
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.locator('canvas[data-confetti]').count()).toBe(1);
    expect(storedContacts(server.dbPath).map((c) => [c.name, c.subject])).toEqual([
      ['Mo Bile', 'partnership'],
    ]);
    // The toast fades: the form says it too, for good.
    const confirmation = form.getByRole('status');
    expect(await confirmation.textContent()).toBe(
      'Thank you, your message has been sent. We will reply as soon as we can.',
    );
    // The toast waits while the pointer rests on it: move it away.
    await page.mouse.move(1, 1);
    await toast.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await confirmation.isVisible()).toBe(true);
  });

  it('previous and next work by tap', async () => {
    const current = page.locator('[data-current]');
    await current.scrollIntoViewIfNeeded();
    const label = (await current.getAttribute('aria-label')) ?? '';
    const [, position, count] = /Fact (\d+) of (\d+)/.exec(label) ?? [];
    await page.getByRole('button', { name: 'Next fact' }).tap();
    expect(await current.getAttribute('aria-label')).toBe(
      `Fact ${(Number(position) % Number(count)) + 1} of ${count}`,
    );
    await page.getByRole('button', { name: 'Previous fact' }).tap();
    expect(await current.getAttribute('aria-label')).toBe(label);
  });
});
