/**
 * What the feeds' tests share (src/server/entries/feeds.test.ts, feeds-instances.test.ts): an
 * entry, a site of entries (`site`, a live binding set by `setUpSite`), and a request's answer as
 * text.
 */
import type { EntryCreateInput } from '#shared/entries';
import { entrySite, type EntrySite } from '#tests/support/entry-site';

export const CASE: EntryCreateInput = {
  kind: 'case_study',
  slug: 'answers-in-minutes',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer by 63 %.',
  body: '# The problem\n\nReplies took **two days**. See [the list](/case-studies).',
};

export let site: EntrySite;

/** Each test's `beforeEach`. */
export async function setUpSite(): Promise<void> {
  site = await entrySite();
}

/** Each test's `afterEach`. */
export function closeSite(): void {
  site.close();
}

export async function get(url: string, on: EntrySite = site) {
  const response = await on.app.request(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}
