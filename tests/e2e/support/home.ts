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
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      // Two frames: the page has rendered at this position, so the observers have seen it.
      await frame();
      await frame();
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('.reveal-pending').length === 0);
  // The last animations (0.6 s plus a stagger) finish before anything is measured.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          !(a instanceof CSSAnimation) ||
          a.animationName !== 'reveal-in' ||
          a.playState === 'finished',
      ),
  );
}

/**
 * Waits until a scroll the test set off has ended: the page has left `from`, the position
 * before the click (on a busy machine the scroll can start well after the click), and then
 * held still for 500 ms (a smooth scroll can stall for a frame or two while the page is busy).
 */
export async function waitForScrollEnd(page: Page, from: number): Promise<void> {
  await page.evaluate(
    (start) =>
      new Promise<void>((resolve, reject) => {
        let last = start;
        let stableSince = performance.now();
        const started = performance.now();
        const check = () => {
          const now = performance.now();
          if (window.scrollY !== last) {
            last = window.scrollY;
            stableSince = now;
          }
          if (last !== start && now - stableSince >= 500) return resolve();
          if (now - started > 15_000) {
            return reject(
              new Error(`the page ${last === start ? 'never scrolled' : 'kept scrolling'}`),
            );
          }
          setTimeout(check, 25);
        };
        check();
      }),
    from,
  );
}

/**
 * Stops the page's clock, installed with `page.clock.install()` before navigation, so the
 * test drives the page's timers. pauseAt only goes forward, so it is set a moment ahead of
 * the page's time; that much time is fast-forwarded. Until it arrives the page's clock runs
 * in real time, and on a busy machine the call (an init script for new documents, then the
 * page) has taken longer than that moment: "Cannot fast-forward to the past". The page's
 * clock then stands where the call found it, so the time is read again and asked again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Moves the paused clock on by `ms`, in steps of `stepMs`. One `runFor` fires only the timers
 * that exist when it starts, and the carousel sets its next timer in a React effect, a task
 * after the commit; so after each step the page runs its pending tasks. With a step that
 * divides the timers' delays (30 ms typing, 1000 ms countdown, 1500 ms hold) every timer
 * fires at the end of a step and the page sees exact times.
 */
export async function advanceClock(page: Page, ms: number, stepMs = 100): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    await page.clock.runFor(Math.min(stepMs, ms - done));
    await settle(page);
  }
}

/**
 * Like advanceClock, until `predicate` holds in the page; returns the clock time it took.
 * Throws once `limitMs` has passed without it.
 */
export async function advanceClockUntil(
  page: Page,
  predicate: () => boolean,
  { stepMs, limitMs }: { stepMs: number; limitMs: number },
): Promise<number> {
  for (let done = 0; done <= limitMs; done += stepMs) {
    if (await page.evaluate(predicate)) return done;
    await page.clock.runFor(stepMs);
    await settle(page);
  }
  throw new Error(`not reached within ${limitMs} ms of clock time`);
}

/**
 * Lets the page run the tasks already queued (React's commit and effects are scheduled with
 * posted messages): resolves after two posted-message round trips.
 */
function settle(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
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
  await form.getByRole('combobox', { name: 'Subject' }).selectOption({ label: fields.subject });
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
