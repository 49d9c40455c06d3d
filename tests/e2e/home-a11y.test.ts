import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  newPage,
  toastOpacities,
  watchToastOpacity,
  type RunningServer,
  startServerAndBrowser,
} from './support';
import { fillContactForm, openApp, revealWholePage, waitForContactForm } from './support/home';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(
  viewport: Parameters<typeof newPage>[1],
  fn: (page: Page) => Promise<void>,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<void> {
  const page = await newPage(browser, { ...viewport, colorScheme });
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

describe('the axe check itself (support/axe.ts)', () => {
  it('reports what is wrong, within the scope asked, in the page and inside its frames', async () => {
    await withPage(DESKTOP, async (page) => {
      const head = '<html lang="en"><head><title>t</title></head><body><main><h1>x</h1>';
      await page.setContent(`${head}<img src="a.png"><div id="d"><button></button></div>`);
      const ids = async (scope?: Parameters<typeof axeViolations>[1]) =>
        (await axeViolations(page, scope)).map((violation) => violation.id).sort();
      expect(await ids()).toEqual(['button-name', 'image-alt']);
      expect(await ids({ include: ['#d'] })).toEqual(['button-name']);
      expect(await ids({ exclude: ['#d'] })).toEqual(['image-alt']);
      const framed = `${head}<iframe title="f" srcdoc="<button></button>"></iframe>`;
      await page.setContent(framed);
      expect(await ids()).toEqual(['button-name']);
      // The same in a page of the site's origin, which its frame shares: asked by messages.
      await page.goto(`${server.url}/robots.txt`);
      await page.setContent(framed);
      expect(await ids()).toEqual(['button-name']);
      // Every frame left out: the page alone is checked, and still reported.
      await page.setContent(
        `${head}<img src="a.png"><iframe title="f" srcdoc="<button></button>"></iframe>`,
      );
      expect(await ids()).toEqual(['button-name', 'image-alt']);
      expect(await ids({ exclude: ['iframe'] })).toEqual(['image-alt']);
    });
  });
});

/** The carousel has typed its first fact, and a toast is on screen. */
async function carouselAndToast(page: Page): Promise<void> {
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.waitFor();
  // The carousel runs only while on screen.
  await carousel.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => document.querySelector('[data-current] [data-countdown]') !== null,
    undefined,
    {
      timeout: 20_000,
    },
  );
  const form = page.getByRole('form', { name: 'Newsletter signup' });
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const b = document.querySelector<HTMLButtonElement>('#newsletter-signup button[type="submit"]');
    return b !== null && !b.disabled;
  });
  await form.getByLabel('Email address').fill(`reader-${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByText('Almost there!').waitFor();
}

/**
 * Keyboard focus on the current fact's Source button: its tooltip opens and, as for any
 * keyboard user, the carousel holds still (docs/product.md, "Carousel"). Focus set by script
 * after the Subscribe click is not keyboard focus, so the carousel moved on while axe ran and
 * the slide it left, fading to 60 %, was measured mid-way (a CI run). Tried again if the
 * carousel moved between the two key presses.
 */
async function focusSourceByKeyboard(page: Page): Promise<void> {
  const held = () =>
    page.evaluate(() =>
      Boolean(document.activeElement?.matches('[data-current] button:focus-visible')),
    );
  for (let attempt = 0; attempt < 3 && !(await held()); attempt += 1) {
    await page.locator('[data-current]').getByRole('button', { name: 'Source' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
  }
  expect(await held()).toBe(true);
  await page.locator('[data-current] [role="tooltip"]:not([hidden])').waitFor();
}

describe('accessibility (axe, WCAG 2.x A/AA)', () => {
  it('home page at 1280 px, after the carousel typed and with a toast showing: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await openApp(page, server.url);
      await revealWholePage(page);
      await carouselAndToast(page);
      await focusSourceByKeyboard(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('home page in the dark theme: no violations', async () => {
    await withPage(
      DESKTOP,
      async (page) => {
        await openApp(page, server.url);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          true,
        );
        await revealWholePage(page);
        await carouselAndToast(page);
        expect(await axeViolations(page)).toEqual([]);
      },
      'dark',
    );
  });

  it('home page at 375 px with the menu open and contact form errors: no violations', async () => {
    await withPage(MOBILE, async (page) => {
      await openApp(page, server.url);
      await revealWholePage(page);
      const send = page.getByRole('button', { name: 'Send Message' });
      await send.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('#contact-form button')].some(
          (b) => b.textContent === 'Send Message' && !b.disabled,
        ),
      );
      await send.click();
      await page.getByText('You must agree to the privacy policy').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('404 page: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await openApp(page, `${server.url}/missing/page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('the prerendered page before any JavaScript: no violations', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(server.url);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});

/**
 * Holds the next toast that appears a quarter of the way into its enter animation: the state
 * a slow machine can catch it in while axe runs.
 */
async function holdNextToastEarly(page: Page): Promise<void> {
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const toast = document.querySelector('[data-toast-region] [role="alertdialog"]');
      if (!toast) return;
      observer.disconnect();
      for (const animation of toast.getAnimations()) {
        animation.pause();
        animation.currentTime = Number(animation.effect?.getComputedTiming().duration ?? 0) / 4;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

describe('toasts, which axe may measure at any moment they are on screen', () => {
  const sent = {
    name: 'Ada Example',
    email: 'ada@example.com',
    subject: 'Other',
    message: 'A message to see the toast it brings.',
  };

  it("the contact form's toasts, sent and failed: their text fully opaque from the first frame; axe clean mid-slide", async () => {
    await withPage(DESKTOP, async (page) => {
      await watchToastOpacity(page);
      await openApp(page, server.url);
      await waitForContactForm(page);
      const form = page.getByRole('form', { name: 'Contact form' });

      await fillContactForm(page, sent);
      await holdNextToastEarly(page);
      await form.getByRole('button', { name: 'Send Message' }).click();
      const toast = page.getByRole('alertdialog', { name: 'Message sent!' });
      await toast.waitFor();
      // Held a quarter into its slide-in (axe waits for everything else to settle), and kept
      // on screen: its time stands still while the pointer is over it.
      await toast.hover();
      expect(
        await toast.evaluate((el) =>
          el
            .getAnimations()
            .map((a) => [a instanceof CSSAnimation ? a.animationName : '', a.playState]),
        ),
      ).toEqual([['toast-in', 'paused']]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await toast.isVisible()).toBe(true);

      await fillContactForm(page, sent);
      await page.route('**/api/trpc/contact.send**', (route) => route.abort());
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('alertdialog', { name: 'Something went wrong' }).waitFor();

      const records = await toastOpacities(page);
      expect(
        records.map(({ title, lowest, animations, fading }) => ({
          title,
          lowest,
          animations,
          fading,
        })),
      ).toEqual([
        { title: 'Message sent!', lowest: 1, animations: ['toast-in'], fading: [] },
        { title: 'Something went wrong', lowest: 1, animations: ['toast-in'], fading: [] },
      ]);
      // Sampled before its first paint and again after it, not only once settled.
      for (const record of records) expect(record.samples).toBeGreaterThanOrEqual(2);
    });
  });

  it('with reduced motion a toast does not move: no animation at all', async () => {
    await withPage({ ...DESKTOP, reducedMotion: 'reduce' }, async (page) => {
      await watchToastOpacity(page);
      await openApp(page, server.url);
      const form = page.getByRole('form', { name: 'Newsletter signup' });
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const b = document.querySelector<HTMLButtonElement>(
          '#newsletter-signup button[type="submit"]',
        );
        return b !== null && !b.disabled;
      });
      await form.getByLabel('Email address').fill(`still-${Date.now()}@example.com`);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByRole('alertdialog', { name: 'Almost there!' }).waitFor();
      const records = await toastOpacities(page);
      expect(
        records.map(({ title, lowest, animations }) => ({ title, lowest, animations })),
      ).toEqual([{ title: 'Almost there!', lowest: 1, animations: [] }]);
    });
  });
});
