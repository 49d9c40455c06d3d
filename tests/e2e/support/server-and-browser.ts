import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

/**
 * A browser file's server and Chromium, started side by side: each takes seconds on a busy
 * machine. When one fails to start, the other is stopped before the error goes on.
 */
export async function startServerAndBrowser(
  options?: StartServerOptions,
): Promise<[RunningServer, Browser]> {
  const [server, browser] = await Promise.allSettled([startServer(options), launchBrowser()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') {
    return [server.value, browser.value];
  }
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
