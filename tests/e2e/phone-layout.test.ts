/**
 * A 390 px phone (docs/product.md, "Toasts" and "Phones"): the contact form's "Message sent!"
 * toast covers neither the inline confirmation nor the Send button, and every control a finger
 * presses is at least 44 × 44 CSS px (WCAG 2.5.8; links inside a sentence are exempt). The
 * Overview keeps a source's host on one line (docs/admin-guide.md, "Sources").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, startSmtpCatcher, type RunningServer, startServerAndBrowser } from './support';
import {
  addUser,
  fillCredentials,
  toast as settledToast,
  visible,
  withSession,
} from './admin-support';
import { fillContactForm, openApp, revealWholePage, waitForContactForm } from './support/home';

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true } as const;

let server: RunningServer;
let browser: Browser;
const smtp = await startSmtpCatcher();

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser({ env: { SMTP_URL: smtp.url } });
  // With an e-mail address: the password step leads to the six code boxes.
  await addUser(server.dbPath, 'bob', 'bob@example.com');
  // Without one: the password alone signs in (the Overview's check).
  await addUser(server.dbPath, 'owner');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('a 390 px phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, PHONE);
    await openApp(page, server.url);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('"Message sent!" covers neither the confirmation nor the Send button', async () => {
    await waitForContactForm(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContactForm(page, {
      name: 'Pho Ne',
      email: 'phone@example.com',
      subject: 'Partnership Opportunity',
      message: 'Sent from a 390 px screen.',
    });
    const send = form.getByRole('button', { name: 'Send Message' });
    // A thumb scrolls just far enough to reach the button: it sits at the bottom of the screen.
    await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await send.tap();
    const toast = page.locator('[role="alertdialog"]', { hasText: 'Message sent!' });
    await toast.waitFor();
    const confirmation = form.getByRole('status');
    await confirmation.waitFor();
    // Both as the visitor sees them right after the tap (the toast has slid in).
    await toast.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const [toastBox, confirmationBox, sendBox] = await Promise.all([
      toast.boundingBox(),
      confirmation.boundingBox(),
      send.boundingBox(),
    ]);
    const boxes = JSON.stringify({ toastBox, confirmationBox, sendBox });
    expect(intersects(toastBox!, confirmationBox!), boxes).toBe(false);
    expect(intersects(toastBox!, sendBox!), boxes).toBe(false);
    expect(toastBox!.x + toastBox!.width, boxes).toBeLessThanOrEqual(PHONE.width);
  });
});

/**
 * Every visible control that is too small for a finger: under 44 px high, or under 44 px wide
 * with another control within the 44 px square centred on it (WCAG 2.5.8's spacing exception).
 * A link inside running text (its block holds other text) is exempt, as is anything visually
 * hidden (1 px, clipped: a checkbox's input whose label is the target, the skip link).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const controls: HTMLElement[] = [
      ...document.querySelectorAll<HTMLElement>(
        'a, button, input, select, textarea, [role=button]',
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width <= 1 || box.height <= 1) return false;
        // Visually hidden (sr-only): the skip link until it has focus.
        if (style.clipPath !== 'none' || style.clip.startsWith('rect')) return false;
        if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]'))
          return false;
        if (box.right <= 0 || box.left >= window.innerWidth) return false;
        if (style.display === 'inline') {
          // Inside running text: its nearest block holds more text than the link.
          let block = el.parentElement;
          while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
          const text = (node: Element | null) =>
            node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (text(block).length > text(el).length + 2) return false;
        }
        return true;
      })
      // A checkbox's target is its whole label line.
      .map((el) => (el instanceof HTMLInputElement && el.closest('label')) || el);
    const boxes = controls.map((el) => el.getBoundingClientRect());
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40)}"`;
    const offenders: string[] = [];
    controls.forEach((el, i) => {
      const box = boxes[i]!;
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      if (box.height < MIN - 0.5) {
        offenders.push(`${name(el)} ${size}`);
        return;
      }
      if (box.width >= MIN - 0.5) return;
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some(
        (other, j) =>
          j !== i &&
          !controls[j]!.contains(el) &&
          !el.contains(controls[j]!) &&
          other.left < cx + MIN / 2 &&
          other.right > cx - MIN / 2 &&
          other.top < cy + MIN / 2 &&
          other.bottom > cy - MIN / 2,
      );
      if (crowded) offenders.push(`${name(el)} ${size} (crowded)`);
    });
    return offenders;
  });
}

describe('touch targets on a 390 px phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, PHONE);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('the home page: every control is at least 44 × 44 px', async () => {
    await openApp(page, server.url);
    await waitForContactForm(page);
    await revealWholePage(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const offenders = await smallTargets(page);
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('the login page and its code step: every control is at least 44 × 44 px', async () => {
    await page.goto(`${server.url}/admin/login`);
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    const passwordStep = await smallTargets(page);
    expect(passwordStep, passwordStep.join('\n')).toEqual([]);

    await fillCredentials(page, 'bob');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByLabel('Digit 1 of 6'), 20_000);
    await settledToast(page, /./);
    const codeStep = await smallTargets(page);
    expect(codeStep, codeStep.join('\n')).toEqual([]);
  });
});

describe("the Overview's sources on a 390 px phone", () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, { width: 1280, height: 800 });
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('keeps a host on one line, cut with "…" when too long, whole in its title', async () => {
    const long = 'very-long-subdomain.news.example-aggregator.co.uk';
    // Two visitors (two browsers) from two sites.
    for (const [agent, referrer] of [
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36', 'https://www.google.com/'],
      ['Mozilla/5.0 (Windows NT 10.0; rv:141.0) Gecko/20100101 Firefox/141.0', `https://${long}/a`],
    ] as const) {
      const response = await fetch(`${server.url}/api/event`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': agent },
        body: JSON.stringify({ name: 'pageview', url: `${server.url}/`, referrer }),
      });
      expect(response.status).toBeLessThan(300);
    }
    await withSession(page, server, 'owner');
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/admin/overview`);
    const table = page.getByRole('table', { name: 'Sources' });
    await visible(table.getByRole('rowheader', { name: long }));
    const cells = await table.getByRole('rowheader').evaluateAll((headers) =>
      headers.map((th) => {
        const name = th.querySelector<HTMLElement>('[title]')!;
        return {
          text: name.textContent,
          title: name.title,
          lines: Math.round(
            name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight),
          ),
          cut: name.scrollWidth > name.clientWidth,
          right: th.closest('table')!.getBoundingClientRect().right,
        };
      }),
    );
    const why = JSON.stringify(cells);
    const google = cells.find((cell) => cell.text === 'www.google.com');
    const cut = cells.find((cell) => cell.text === long);
    expect(google, why).toMatchObject({ lines: 1, cut: false, title: 'www.google.com' });
    expect(cut, why).toMatchObject({ lines: 1, cut: true, title: long });
    // The table stays within the screen.
    expect(Math.max(...cells.map((cell) => cell.right)), why).toBeLessThanOrEqual(PHONE.width);
  });
});
