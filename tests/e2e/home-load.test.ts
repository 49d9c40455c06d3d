/**
 * What a visitor's first seconds on `/` must never bring: being moved back to the top by
 * hydration after scrolling at once (on a fast machine and on a phone with a 4x slower CPU),
 * anything moving while the page arrives, and admin code downloaded with the public page.
 * Its count is tests/e2e/visit-count.test.ts.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, type RunningServer, startServerAndBrowser } from './support';
import { layoutShifts } from './support/layout-shifts';
import { WAIT_BOUND_MS } from '#tests/support/wait-bound';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await startServerAndBrowser();
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

interface ScrollWatch {
  /** The furthest the page has scrolled since the watch began. */
  furthestScrollY: number;
}

/**
 * Presses End and waits, as Chrome animates a keyboard scroll, until the page is at the
 * bottom. A press the page never acted on (not a pixel moved in 3 s: on a loaded machine a key
 * can arrive before the new page takes input) is pressed again, as the visitor would. A page
 * that moved and then came back up, or stopped on its way, fails here: that is the defect.
 */
async function pressEndUntilTheBottom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = window as unknown as ScrollWatch;
    watch.furthestScrollY = 0;
    addEventListener(
      'scroll',
      () => (watch.furthestScrollY = Math.max(watch.furthestScrollY, window.scrollY)),
      { passive: true },
    );
  });
  for (let presses = 1; ; presses++) {
    await page.keyboard.press('End');
    const moved = await page
      .waitForFunction(() => (window as unknown as ScrollWatch).furthestScrollY > 0, undefined, {
        timeout: 3_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (moved) break;
    expect(presses, 'End never moved the page').toBeLessThan(3);
  }
  const outcome = await page
    .waitForFunction(
      () => {
        const { furthestScrollY } = window as unknown as ScrollWatch;
        const { scrollHeight } = document.documentElement;
        if (Math.ceil(window.scrollY + window.innerHeight) >= scrollHeight - 1) return 'bottom';
        return furthestScrollY - window.scrollY > 40 ? 'came back' : null;
      },
      undefined,
      { timeout: WAIT_BOUND_MS },
    )
    .then(
      (handle) => handle.jsonValue(),
      () => 'stopped on its way',
    );
  const where = await page.evaluate(() => ({
    scrollY: Math.round(window.scrollY),
    furthest: Math.round((window as unknown as ScrollWatch).furthestScrollY),
  }));
  expect({ outcome, ...where }).toMatchObject({ outcome: 'bottom' });
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
      await pressEndUntilTheBottom(page);
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

/** The render-blocking link of the home page's head (see index.html). */
const EXPECT_LINK = /<link rel="expect"[^>]*>/;

interface SplitServer {
  url: string;
  /** `/` as the real server sends it, and the same page without its render-blocking link. */
  html: { page: string; control: string };
  /** Serves the next request for `path` in two parts: up to `at`, the rest on sendRest(). */
  hold(path: '/' | '/?control', at: number): void;
  sendRest(path: '/' | '/?control'): void;
  close(): Promise<void>;
}

/**
 * A proxy to the real server that can hand the home page to the browser in two parts, as a
 * slow network does (the parser also pauses so on a busy CPU, wherever its time slice ends).
 * `/` is the page as served; `/?control` the same page without its render-blocking link.
 * Every other request passes through unchanged.
 */
async function startSplitServer(upstream: string): Promise<SplitServer> {
  const target = new URL(upstream);
  const answer = await fetch(`${upstream}/`, { headers: { 'accept-encoding': 'identity' } });
  const page = await answer.text();
  if (!EXPECT_LINK.test(page)) throw new Error('the home page has no <link rel="expect">');
  const html = { page, control: page.replace(EXPECT_LINK, '') };
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
      headers[name] = value;
  });
  const cuts = new Map<string, number>();
  const rests = new Map<string, () => void>();
  const proxy = http.createServer((req, res) => {
    if (req.url === '/' || req.url === '/?control') {
      const body = req.url === '/' ? html.page : html.control;
      const at = cuts.get(req.url) ?? body.length;
      cuts.delete(req.url);
      res.writeHead(200, headers);
      res.write(body.slice(0, at));
      rests.set(req.url, () => res.end(body.slice(at)));
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (upstreamAnswer) => {
        res.writeHead(upstreamAnswer.statusCode ?? 502, upstreamAnswer.headers);
        upstreamAnswer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    html,
    hold: (path, at) => cuts.set(path, at),
    sendRest: (path) => {
      const rest = rests.get(path);
      if (!rest) throw new Error(`${path} is not being served`);
      rests.delete(path);
      rest();
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** Index of the first `<tag` after the first `after` in `html`; throws when the page changed. */
function startOf(html: string, tag: string, after: string): number {
  const from = html.indexOf(after);
  const index = from < 0 ? -1 : html.indexOf(`<${tag}`, from + after.length);
  if (index < 0) throw new Error(`the home page has no <${tag}> after ${after}`);
  return index;
}

/** Resolves once the browser has parsed `html` up to `cut`: an element for each start tag. */
async function parsedUpTo(page: Page, html: string, cut: number): Promise<void> {
  const elements = html.slice(html.indexOf('<body'), cut).match(/<[a-z]/gi)?.length ?? 0;
  // Polled on a timer: no animation frame comes while rendering is blocked.
  await page.waitForFunction(
    (count) => (document.body?.getElementsByTagName('*').length ?? -1) + 1 === count,
    elements,
    { polling: 10 },
  );
}

/** Records how many elements had been parsed at the page's first rendering (`pagereveal`). */
function recordFirstRender() {
  addEventListener(
    'pagereveal',
    () => {
      const parsed = document.body ? document.body.getElementsByTagName('*').length + 1 : 0;
      (window as unknown as { parsedAtFirstRender: number }).parsedAtFirstRender = parsed;
    },
    { once: true },
  );
}

const parsedAtFirstRender = (page: Page) =>
  page.evaluate(() => (window as unknown as { parsedAtFirstRender?: number }).parsedAtFirstRender);

/** How many elements the body holds up to the end of the hero: the header's and the hero's. */
function elementsToHeroEnd(html: string): number {
  const end = html.indexOf('</section>', html.indexOf('id="home"'));
  return html.slice(html.indexOf('<body'), end).match(/<[a-z]/gi)?.length ?? 0;
}

describe('the first screen while the HTML arrives in two parts', () => {
  let split: SplitServer;
  beforeAll(async () => {
    split = await startSplitServer(server.url);
  });
  afterAll(() => split?.close());

  it('holds the first paint until the header and the hero are parsed', async () => {
    await withPage(async (page) => {
      await page.goto(server.url);
      // Elements of the header and the hero that come after the element the link expects,
      // i.e. that the browser may paint before they are parsed.
      const late = await page.evaluate(() => {
        const link = document.head.querySelector('link[rel="expect"][blocking="render"]');
        const target = document.getElementById(link?.getAttribute('href')?.slice(1) ?? '');
        if (!target) return 'no element is expected by a render-blocking link in the head';
        const parts = document.querySelectorAll('header, header *, #home, #home *');
        return [...parts]
          .filter((el) => target.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
          .map((el) => el.outerHTML.slice(0, 80));
      });
      expect(late).toEqual([]);
    });
  });

  // Cut points where the first screen, painted half-parsed, moves once the rest arrives, at
  // both widths: the header's right-aligned group grows to the left, the hero's centred label
  // and button re-centre.
  const cuts: [string, (html: string) => number][] = [
    [
      'in the theme choice, before its second button',
      (html) => html.lastIndexOf('<button', html.indexOf('aria-label="Light theme"')),
    ],
    ["in the hero's label, before its text", (html) => startOf(html, 'span', 'id="home"')],
    ["in the hero, before the first button's arrow", (html) => startOf(html, 'svg', 'Book a Free')],
  ];

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const [where, cutOf] of cuts) {
      it(`${viewport.width} px, cut ${where}: painted whole, nothing moves`, async () => {
        const page = await newPage(browser, viewport);
        const control = await newPage(browser, viewport);
        try {
          for (const p of [page, control]) {
            await p.addInitScript(recordFirstRender);
            // The load alone is measured, not the facts section's swap once they arrive.
            await p.route('**/api/trpc/facts.listPublic**', () => {});
          }
          const cut = { page: cutOf(split.html.page), control: cutOf(split.html.control) };
          split.hold('/', cut.page);
          await page.goto(`${split.url}/`, { waitUntil: 'commit' });
          await parsedUpTo(page, split.html.page, cut.page);
          // The same part, without the render-blocking link, in a second page opened only now:
          // once that one has rendered it, the first has had at least as long to render too.
          split.hold('/?control', cut.control);
          await control.goto(`${split.url}/?control`, { waitUntil: 'commit' });
          await parsedUpTo(control, split.html.control, cut.control);
          await control.waitForFunction(() => 'parsedAtFirstRender' in window, undefined, {
            polling: 10,
          });
          split.sendRest('/');
          split.sendRest('/?control');
          await Promise.all([hydrated(page), hydrated(control)]);

          // The control shows what the test catches: a half-parsed paint, then a shift.
          const heroEnd = elementsToHeroEnd(split.html.page);
          expect(await parsedAtFirstRender(control)).toBeLessThan(heroEnd);
          expect((await layoutShifts(control)).length).toBeGreaterThan(0);
          // The page itself painted only once the header and the hero were whole; nothing moved.
          expect(await parsedAtFirstRender(page)).toBeGreaterThanOrEqual(heroEnd);
          const shifts = await layoutShifts(page);
          expect(shifts, JSON.stringify(shifts, null, 1)).toEqual([]);
        } finally {
          await page.context().close();
          await control.context().close();
        }
      });
    }
  }
});

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The scripts only the router app (app.html: admin area, not-found page) can ever load: all
 * it reaches through static and lazy imports, minus all the home page (index.html) reaches.
 * Read from each page's build manifest, so a new admin screen is covered without naming it.
 */
function adminOnlyScripts(): string[] {
  const dir = process.env.CLIENT_DIR ?? 'dist/client';
  const reachable = (page: 'home' | 'app', entry: string) => {
    const manifest = JSON.parse(
      readFileSync(path.join(dir, `.vite/manifest-${page}.json`), 'utf8'),
    ) as Record<string, ManifestChunk>;
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
  const home = reachable('home', 'index.html');
  return [...reachable('app', 'app.html')]
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
