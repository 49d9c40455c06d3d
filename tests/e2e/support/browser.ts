import { appendFileSync, existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** The system Chromium (Debian's `chromium` package); a browser is never downloaded. */
export function chromiumPath(): string {
  return installed(process.env.CHROMIUM_PATH || '/usr/bin/chromium', 'chromium');
}

/**
 * The browser the tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`,
 * built from the same source and version as `chromium`) when it is installed, else Chromium.
 * The shell is the headless browser Playwright itself runs by default, and it draws the same
 * pages with about half the CPU of full Chromium in headless mode, which the browser files'
 * time on the 2-core machine is (docs/decisions/0049). CHROMIUM_PATH wins over both.
 */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function installed(candidate: string, debianPackage: string): string {
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: run "apt-get install -y ${debianPackage}" or set CHROMIUM_PATH`,
    );
  }
  return candidate;
}

/** Flags that work on these machines (docs/testing.md). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The tests' browser (testBrowserPath); `full` asks for full Chromium (recordings, Lighthouse). */
export function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  const executablePath = options.full ? chromiumPath() : testBrowserPath();
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

export interface NewPageOptions extends Omit<BrowserContextOptions, 'viewport'> {
  width?: number;
  height?: number;
}

/**
 * A page in its own context (fresh cookies and storage). axe needs a page created this way,
 * not by browser.newPage(). Close it with page.context().close().
 */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<Page> {
  const { width = 1280, height = 800, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width, height }, ...contextOptions });
  const log = process.env.E2E_LOAD_LOG;
  if (log) context.on('page', (page) => logLoads(page, log));
  return context.newPage();
}

/**
 * With E2E_LOAD_LOG=<file>, every document a tab loads (its `load` event: a `goto`, a reload,
 * a link or form that navigates) is appended there as `<test file>\t<address>`: how many page
 * loads a file costs (docs/testing.md, "CI").
 */
function logLoads(page: Page, log: string): void {
  page.on('load', () => {
    const file = expect.getState().testPath ?? 'unknown';
    appendFileSync(log, `${file}\t${page.url()}\n`);
  });
}

/** Common viewports for the suites: the layouts at desktop and phone width. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740, isMobile: true, hasTouch: true } as const;
