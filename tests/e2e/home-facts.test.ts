import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  newPage,
  withDatabase,
  type RunningServer,
  startServerAndBrowser,
} from './support';
import { CAROUSEL_TYPING_SPEED_MS as TYPING_MS } from '#client/home/home-timings';
import { advanceClock, advanceClockUntil, openApp, pauseClock } from './support/home';
import { layoutShifts } from './support/layout-shifts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FACTS_CALL = '**/api/trpc/facts.listPublic**';

async function withPage(
  viewport: typeof DESKTOP | typeof MOBILE,
  fn: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await newPage(browser, viewport);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

/** The section right after the hero, by its id or its heading. */
function sectionAfterHero(page: Page) {
  return page.$eval('#home + section', (s) => s.id || s.getAttribute('aria-labelledby'));
}

describe('the AI facts section', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows a skeleton of the carousel's exact height while loading (${viewport.width} px)`, async () => {
      await withPage(viewport, async (page) => {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(FACTS_CALL, async (route) => {
          await held;
          await route.continue();
        });
        await openApp(page, server.url);
        const section = page.locator('#ai-facts');
        // The skeleton: the section's box without its words, hidden from assistive technology;
        // the heading comes with the facts, since without them there is no section at all.
        expect(await section.getAttribute('data-loading')).toBe('');
        expect(await section.getAttribute('aria-hidden')).toBe('true');
        expect(await page.getByText('AI Facts').count()).toBe(0);
        expect(await page.getByText('Did you know?').count()).toBe(0);
        const skeleton = await section.boundingBox();
        const nextTop = await page.$eval('#services', (s) => s.getBoundingClientRect().top);
        const released = await page.evaluate(() => performance.now());
        release();
        await page.locator('[aria-roledescription="carousel"]').waitFor();
        await page.getByRole('heading', { name: 'AI Facts', level: 2 }).waitFor();
        const loaded = await section.boundingBox();
        expect(loaded!.height).toBe(skeleton!.height);
        // Nothing below moved.
        expect(await page.$eval('#services', (s) => s.getBoundingClientRect().top)).toBe(nextTop);
        const shifts = await layoutShifts(page);
        // The swap moved nothing: no shift since the held answer was released.
        const onSwap = shifts.filter((shift) => shift.startTime > released);
        expect(onSwap, JSON.stringify(onSwap, null, 1)).toEqual([]);
        // Nor did the page's load before it (home-load.test.ts covers a load in pieces).
        const onLoad = shifts.filter((shift) => shift.startTime <= released);
        expect(onLoad, JSON.stringify(onLoad, null, 1)).toEqual([]);
      });
    });
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`puts each line of a fact on a ruled line of its card (${viewport.width} px)`, async () => {
      await withPage(viewport, async (page) => {
        // Reduced motion: the whole text at once.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openApp(page, server.url);
        const text = page.locator('[data-current] .typed-text');
        await text.scrollIntoViewIfNeeded();
        const measured = await text.evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          const top = box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
          // The top of each rendered line of the fact, from its characters' boxes.
          const typed = element.querySelector('[data-typed-text]')!;
          const walker = document.createTreeWalker(typed, NodeFilter.SHOW_TEXT);
          const lineTops = new Set<number>();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < (node.textContent ?? '').length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (rect) lineTops.add(Math.round(rect.top - top));
            }
          }
          // The rules: a line of 1 px at the end of each period of the background.
          const period = /(\d+)px\)$/.exec(style.backgroundImage.replace(/\s/g, ''))?.[1];
          return { lineHeight: style.lineHeight, period, lineTops: [...lineTops] };
        });
        expect(measured.lineTops.length).toBeGreaterThan(1);
        // Every line box starts where a ruled period starts, so its rule runs under it.
        expect(measured.period).toBe('32');
        expect(measured.lineHeight).toBe('32px');
        expect(measured.lineTops.map((lineTop) => lineTop % 32)).toEqual(
          measured.lineTops.map(() => measured.lineTops[0]! % 32),
        );
      });
    });
  }

  it('waits below the fold on a phone and starts typing when scrolled into view', async () => {
    await withPage(MOBILE, async (page) => {
      // Timers on Playwright's clock: "nothing typed in 3 s" is then exact, not a sleep.
      await page.clock.install();
      await openApp(page, server.url);
      await pauseClock(page);
      await advanceClockUntil(page, () => document.querySelector('[data-current]') !== null, {
        stepMs: TYPING_MS,
        limitMs: 5000,
      });
      const carousel = page.getByRole('group', { name: 'AI facts', exact: true });
      const typed = carousel.locator('[data-current] [data-typed-text]');
      const below = await carousel.evaluate((c) => c.getBoundingClientRect().top - innerHeight);
      expect(below).toBeGreaterThan(0);

      await advanceClock(page, 3000, TYPING_MS);
      expect(await typed.textContent()).toBe('');

      await carousel.scrollIntoViewIfNeeded();
      await advanceClockUntil(
        page,
        () => !!document.querySelector('[data-current] [data-typed-text]')?.textContent,
        {
          stepMs: TYPING_MS,
          limitMs: 3000,
        },
      );
      const started = ((await typed.textContent()) ?? '').length;
      await advanceClock(page, 10 * TYPING_MS, TYPING_MS);
      expect(((await typed.textContent()) ?? '').length).toBe(started + 10);
    });
  });

  it('reads the facts in one plain GET, which the server answers from its cache with an ETag', async () => {
    await withPage(DESKTOP, async (page) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/trpc/'))
          calls.push(`${request.method()} ${request.url()}`);
      });
      const answered = page.waitForResponse((r) => r.url().includes('/api/trpc/facts.listPublic'));
      await openApp(page, server.url);
      const response = await answered;
      await page.locator('[aria-roledescription="carousel"]').waitFor();
      // No batch or input parameters: only then does the cached answer apply (server side,
      // src/server/facts/public-route.ts), instead of the tRPC adapter.
      expect(calls).toEqual([`GET ${server.url}/api/trpc/facts.listPublic`]);
      expect(await response.headerValue('etag')).toMatch(/^"/);
    });
  });

  it('is left out when the API call fails', async () => {
    for (const fail of [
      (route: Route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
      (route: Route) => route.abort('connectionrefused'),
    ]) {
      await withPage(DESKTOP, async (page) => {
        await page.route(FACTS_CALL, fail);
        await openApp(page, server.url);
        await page.locator('#ai-facts').waitFor({ state: 'detached' });
        expect(await sectionAfterHero(page)).toBe('value-title');
        expect(await page.getByText('AI Facts').count()).toBe(0);
        // The rest of the page is unaffected.
        expect(await page.locator('#services').isVisible()).toBe(true);
      });
    }
  });

  it('is left out when the API answers success: false', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.route(FACTS_CALL, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ result: { data: { success: false, facts: [] } } }),
        }),
      );
      await openApp(page, server.url);
      await page.locator('#ai-facts').waitFor({ state: 'detached' });
      expect(await sectionAfterHero(page)).toBe('value-title');
    });
  });

  it('is left out when there are no active facts, and back when one is active again', async () => {
    const active = withDatabase(server.dbPath, (db) => {
      const ids = (
        db.prepare('select id from ai_facts where active = 1').all() as { id: number }[]
      ).map((row) => row.id);
      db.prepare('update ai_facts set active = 0').run();
      return ids;
    });
    expect(active.length).toBeGreaterThan(0);
    try {
      await withPage(DESKTOP, async (page) => {
        await openApp(page, server.url);
        await page.locator('#ai-facts').waitFor({ state: 'detached' });
        expect(await sectionAfterHero(page)).toBe('value-title');
      });
    } finally {
      withDatabase(server.dbPath, (db) => {
        const activate = db.prepare('update ai_facts set active = 1 where id = ?');
        for (const id of active) activate.run(id);
      });
    }
    await withPage(DESKTOP, async (page) => {
      await openApp(page, server.url);
      await page.locator('[aria-roledescription="carousel"]').waitFor();
      expect(await sectionAfterHero(page)).toBe('ai-facts');
    });
  });
});
