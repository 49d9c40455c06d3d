/**
 * The site assistant's panel on a 390 px phone, by keyboard only (docs/assistant.md, "The
 * panel"), against the site's OpenAI-compatible provider (a fake of the test's own,
 * tests/support/openai-server.ts): off, the home page has no trace of it; switched on by the
 * owner, "Ask a question" opens the panel with the focus in it, a question whose words are the
 * site's gets a streamed answer citing a page that exists, axe finds nothing in either theme,
 * and "Send this to a person" makes an enquiry on a lead with the transcript. One server, one
 * browser for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { newPage, startServerAndBrowser, withDatabase, type RunningServer } from './support';
import { storedContacts } from './support/home';
import { expectNoAxeViolations, showColorScheme, visible } from './admin-support';

const ADMIN = { username: 'owner', password: 'assistant test password, thrown away' };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;
/** Words of the default services (Custom AI Solution Development): a fresh site's own. */
const QUESTION = 'Do you fine-tune large language models?';
const ANSWER = 'Yes: we fine-tune large language models on your domain data [1].';

let openai: OpenAiServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

async function adminCookie(): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

async function asAdmin(cookie: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  openai = await startOpenAiServer({ answer: () => ANSWER });
  [server, browser] = await startServerAndBrowser({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: openai.baseUrl,
      AI_MODEL: 'fake-model',
      AI_MONTHLY_TOKENS: '1000000',
    },
  });
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
  await openai?.close();
});

/** Presses Tab (or Shift+Tab) until the focused element has this accessible name. */
async function tabTo(name: string, backwards = false): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (focused === name) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`no focusable element named "${name}" within 80 presses`);
}

const panel = () => page.getByRole('dialog', { name: 'Ask a question' });

/** Whether an element is wholly inside the window and its scrolled parents' visible boxes. */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
    const frame = parent.getBoundingClientRect();
    if (box.top < frame.top || box.bottom > frame.bottom) return false;
  }
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

describe('the site assistant on a 390 px phone, by keyboard', () => {
  it('asks, gets a cited answer streamed in, and hands the conversation to a person', async () => {
    // Off (as every site starts): nothing of it in the page.
    const off = await (await fetch(`${server.url}/`)).text();
    expect(off).not.toContain('assistant-launcher');
    expect(off).not.toContain('Ask a question');

    // The owner turns it on, the content never saved: it answers from the starting words.
    const cookie = await adminCookie();
    expect(await asAdmin(cookie, 'PUT', '/api/assistant/settings', { enabled: true })).toEqual({
      success: true,
      enabled: true,
    });

    page = await newPage(browser, PHONE);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
    // At the page's foot the floating button covers none of the footer's words or controls
    // (the copyright line included), on a phone and on a desktop.
    const coveredAtFoot = () =>
      expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const button = document.getElementById('assistant-launcher')?.getBoundingClientRect();
            const footer = document.querySelector('footer');
            if (!button || !footer) return 'no button or footer';
            const covered = [...footer.querySelectorAll('a, p, button, input, label, span')]
              .map((element) => element.getBoundingClientRect())
              .filter((box) => box.width > 0 && box.height > 0)
              .filter(
                (box) =>
                  box.bottom > button.top &&
                  box.top < button.bottom &&
                  box.right > button.left &&
                  box.left < button.right,
              );
            return covered.length;
          }),
        )
        .toBe(0);
    await coveredAtFoot();
    await page.setViewportSize({ width: 1280, height: 800 });
    await coveredAtFoot();
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    // The page with its button, as a visitor finds it.
    await expectNoAxeViolations(page);
    // The panel's code held back, as on a slow phone: the press is answered at once all the same.
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const panelChunk = /\/assistant-panel-[^/]*\.js$/;
    await page.route(panelChunk, async (route) => {
      await arrived;
      await route.continue();
    });
    // "Ask a question" is the page's last control: Shift+Tab from the top reaches it.
    await tabTo('Ask a question', true);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('status').filter({ hasText: 'Opening the assistant…' }));
    expect(await panel().count()).toBe(0);
    release();
    await visible(panel());
    await page.unroute(panelChunk);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('question');

    await page.keyboard.type(QUESTION);
    await tabTo('Ask');
    await page.keyboard.press('Enter');
    // The conversation is a polite log: the finished answer is added to it whole, so a screen
    // reader says it once; while it streamed in it was drawn outside any live region.
    const conversation = panel().getByRole('log', { name: 'Conversation' });
    expect(await conversation.getAttribute('aria-live')).toBe('polite');
    await visible(conversation.getByText(ANSWER));
    const source = conversation.getByRole('link').first();
    const href = await source.getAttribute('href');
    expect(href).toMatch(/^\//);
    expect((await fetch(new URL(href ?? '', server.url))).status).toBe(200);
    // The model was asked once, with the site's passages and the question apart.
    expect(openai.chatRequests()).toHaveLength(1);

    // The open panel is a modal dialog: the page beneath is hidden from assistive technology.
    const dialogOnly = { include: ['[role="dialog"]'] };
    await expectNoAxeViolations(page, dialogOnly);
    await showColorScheme(page, 'dark');
    await expectNoAxeViolations(page, dialogOnly);

    await tabTo('Send this to a person');
    await page.keyboard.press('Enter');
    const form = panel().getByRole('form', { name: 'Send this to a person' });
    await visible(form);
    // The form opens with the focus in its first field, in view in the panel.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    await expect
      .poll(() =>
        panel()
          .getByRole('textbox', { name: /Full Name/ })
          .evaluate(inView),
      )
      .toBe(true);
    await page.keyboard.type('Ada Visitor');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada.visitor@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Analytical Engines');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await tabTo('Send to a person');
    await page.keyboard.press('Enter');
    await visible(panel().getByText("Thank you for your message. We'll get back to you soon."));

    const [stored] = storedContacts(server.dbPath);
    expect(stored).toMatchObject({ name: 'Ada Visitor', email: 'ada.visitor@example.com' });
    expect(stored?.message).toContain(`Visitor: ${QUESTION}`);
    expect(stored?.message).toContain(`Assistant: ${ANSWER}`);
    const leads = withDatabase(server.dbPath, (db) => db.prepare('select email from leads').all());
    expect(leads).toEqual([{ email: 'ada.visitor@example.com' }]);

    // Escape closes the panel; the focus is back on "Ask a question".
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Ask a question',
    );
  });
});
