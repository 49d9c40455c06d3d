/**
 * What the share images' tests share (src/server/entries/share-images.test.ts,
 * share-images-kept.test.ts): an entry without a cover, and what a site's page names and its log
 * tells of its drawings.
 */
import { expect } from 'vitest';
import type { EntryCreateInput } from '#shared/entries';
import type { EntrySite } from '#tests/support/entry-site';

export const INSIGHT: EntryCreateInput = {
  kind: 'insight',
  slug: 'why-evals-first',
  title: 'Why we write the evals first',
  summary: 'Tests for a model before the prompt.',
  body: 'Text.',
};

export const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** How many pictures this instance drew (its log). */
export const drawn = (on: EntrySite) =>
  on.deps.logger.lines.filter((line) => line.includes('entries.share_image_drawn')).length;

/** The picture the entry's page names, as a path on the site. */
export async function pictureOf(url: string, on: EntrySite): Promise<string> {
  const html = await (await on.app.request(url)).text();
  const image = metaOf(html, 'og:image') ?? '';
  expect(image).toMatch(/^https:\/\/example\.com\/og\//);
  return new URL(image).pathname;
}
