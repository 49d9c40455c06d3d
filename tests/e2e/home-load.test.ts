/**
 * What a visitor's first seconds on `/` must never bring: being moved back to the top by
 * hydration after scrolling at once (on a fast machine and on a phone with a 4x slower CPU),
 * and admin code downloaded with the public page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(run: (page: Page) => Promise<void>, cpuSlowdown = 1) {
  const page = await newPage(browser);
  try {
    if (cpuSlowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await run(page);
  } finally {
    await page.context().close();
  }
}

/**
 * Samples scrollY every animation frame for `ms` and returns the positions seen. Starts
 * before the app has taken over, so a jump during hydration cannot slip between samples.
 */
function scrollPositionsFor(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const seen = new Set<number>();
        const start = performance.now();
        const sample = () => {
          seen.add(Math.round(window.scrollY));
          if (performance.now() - start < duration) requestAnimationFrame(sample);
          else resolve([...seen]);
        };
        sample();
      }),
    ms,
  );
}

/**
 * The visitor kept their place: every position seen is where they scrolled to, give or take
 * what Chrome's scroll anchoring adds to keep the view still while a part above it settles
 * (an island replacing its prerendered markup). The defect was a jump to the top.
 */
function expectHeld(positions: number[], at: number) {
  const off = positions.filter((y) => Math.abs(y - at) > 40);
  expect({ at, off }).toEqual({ at, off: [] });
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.ready !== undefined, undefined, {
    timeout: 30_000,
  });

describe.each([
  ['unthrottled', 1],
  ['with the CPU 4x slower', 4],
] as const)('scrolling right after load, %s', (_label, slowdown) => {
  it('the End key: the page stays at the bottom through hydration and 3 s after', async () => {
    await withPage(async (page) => {
      await page.goto(server.url, { waitUntil: 'load' });
      await page.keyboard.press('End');
      // Chrome animates a keyboard scroll: take the position once it has reached the bottom.
      await page.waitForFunction(
        () =>
          Math.ceil(window.scrollY + window.innerHeight) >=
          document.documentElement.scrollHeight - 1,
      );
      const bottom = await page.evaluate(() => Math.round(window.scrollY));
      await hydrated(page);
      expectHeld(await scrollPositionsFor(page, 3000), bottom);
    }, slowdown);
  });

  it('scrollIntoView of the contact section: it stays in place through hydration and 3 s after', async () => {
    await withPage(async (page) => {
      await page.goto(server.url, { waitUntil: 'load' });
      await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
      const at = await page.evaluate(() => Math.round(window.scrollY));
      expect(at).toBeGreaterThan(1000);
      await hydrated(page);
      expectHeld(await scrollPositionsFor(page, 3000), at);
      // Still where scrollIntoView put it: at the scroll padding left for the sticky header.
      const top = await page.$eval('#contact', (el) => el.getBoundingClientRect().top);
      expect(Math.abs(top - 80)).toBeLessThanOrEqual(2);
    }, slowdown);
  });
});

describe('/#contact', () => {
  it('lands on the contact section, below the sticky header, and stays there', async () => {
    await withPage(async (page) => {
      await page.goto(`${server.url}/#contact`, { waitUntil: 'load' });
      await hydrated(page);
      const positions = await scrollPositionsFor(page, 1500);
      expect(positions).toHaveLength(1);
      const top = await page.$eval('#contact', (el) => el.getBoundingClientRect().top);
      // html { scroll-padding-top: 80px } keeps the header off the heading.
      expect(Math.abs(top - 80)).toBeLessThanOrEqual(2);
    }, 4);
  });
});

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The scripts only the router app (app.html: admin area, not-found page) can ever load: all
 * it reaches through static and lazy imports, minus all the home page (index.html) reaches.
 * Read from the build's module graph, so a new admin screen is covered without naming it.
 */
function adminOnlyScripts(): string[] {
  const dir = process.env.CLIENT_DIR ?? 'dist/client';
  const manifest = JSON.parse(
    readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const reachable = (entry: string) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    visit(entry);
    return files;
  };
  const home = reachable('index.html');
  return [...reachable('app.html')]
    .filter((file) => file.endsWith('.js') && !home.has(file))
    .map((file) => file.replace(/^assets\//, ''));
}

describe('the scripts `/` requests', () => {
  it('hold no admin code, even after scrolling the whole page and hovering the admin link', async () => {
    await withPage(async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
          scripts.push(url.pathname.slice('/assets/'.length));
        }
      });
      await page.goto(server.url);
      await hydrated(page);
      // Every island (facts, forms) loads, and the footer's link to the admin area is hovered,
      // which is what made a router preload admin routes.
      await page.keyboard.press('End');
      await page.getByRole('button', { name: 'Subscribe' }).waitFor();
      await page.getByRole('link', { name: 'Admin Area' }).hover();
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
      await page.waitForLoadState('networkidle');

      expect(scripts.length).toBeGreaterThan(0);
      const adminOnly = adminOnlyScripts();
      expect(adminOnly.length).toBeGreaterThan(0);
      const admin = scripts.filter((name) => adminOnly.includes(name));
      expect({ scripts, admin }).toEqual({ scripts, admin: [] });
    });
  });
});
