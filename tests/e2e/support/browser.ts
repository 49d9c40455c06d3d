import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** The system Chromium (Debian's `chromium` package); a browser is never downloaded. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: run "apt-get install -y chromium" or set CHROMIUM_PATH`,
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
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
  return context.newPage();
}

/** Common viewports for the suites: the layouts at desktop and phone width. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740, isMobile: true, hasTouch: true } as const;
