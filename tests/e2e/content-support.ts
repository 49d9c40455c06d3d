import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SiteContent } from '#shared/site-content';
import { apiRequest } from './support';

/**
 * Saves the site's content through the API (GET, change, PUT `/api/content` over the newest
 * version), as the signed-in administrator of `page`: its context's cookies go with it.
 */
export async function saveContent(
  page: Page,
  baseUrl: string,
  change: (content: SiteContent) => SiteContent,
): Promise<void> {
  const current = await apiRequest(page, `${baseUrl}/api/content`);
  expect(current.status()).toBe(200);
  const { content, version } = (await current.json()) as { content: SiteContent; version: number };
  const saved = await apiRequest(page, `${baseUrl}/api/content`, {
    method: 'PUT',
    data: { content: change(content), baseVersion: version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
