import type { APIResponse, Page } from 'playwright-core';

type FetchOptions = NonNullable<Parameters<Page['request']['fetch']>[1]>;

/**
 * A request beside the browser, with the page's cookies (its signed-in session), on a
 * connection of its own: `Connection: close`. Playwright's request client keeps a connection
 * open with no idle limit, the server closes one idle for about 6 s, and when the test's event
 * loop is busy as that close arrives the next request goes out on the closed connection and
 * fails with ECONNRESET (docs/testing.md, "A busy machine"). `page.request` is refused by lint
 * in tests for that reason.
 */
export function apiRequest(
  page: Page,
  url: string,
  options: FetchOptions = {},
): Promise<APIResponse> {
  return page.request.fetch(url, {
    ...options,
    headers: { ...options.headers, connection: 'close' },
  });
}
