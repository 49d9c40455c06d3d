/**
 * The AI facts section (docs/product.md, "Loading, and when it is hidden"): hidden entirely,
 * heading included, when the read fails, says `success: false` or finds no facts; and since
 * that is known only once the answer comes, neither the page as prerendered nor the skeleton
 * before the answer holds the section's words.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { SiteContentProvider } from '../site-content-context';
import { FACTS_CAROUSEL, FactsSection } from './facts-section';
import { PUBLIC_FACTS_PATH } from './read-facts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const { factsEyebrow, factsTitle } = defaultSiteContent.headings;

const section = (
  <SiteContentProvider content={defaultSiteContent}>
    <FactsSection />
  </SiteContentProvider>
);

/** The server's answer to the page's one read, as tRPC answers a query. */
const trpcAnswer = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ result: { data } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** `fetch` answering the facts' read with `answer`, every call recorded. */
function serveFacts(answer: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${String(input)} ${init?.credentials ?? ''}`);
    return answer();
  });
  return calls;
}

/** Whether any of the section's words are in the document, as text or as a heading. */
function sectionWordsShown(): boolean {
  const text = document.body.textContent ?? '';
  return text.includes(factsTitle) || text.includes(factsEyebrow);
}

describe('the AI facts section', () => {
  it('is prerendered without its heading or any of its words', () => {
    const html = renderToString(section);
    expect(html).toContain('id="ai-facts"');
    expect(html).not.toContain(factsTitle);
    expect(html).not.toContain(factsEyebrow);
    expect(html).not.toMatch(/<h2/);
  });

  const hidden: [string, () => Promise<Response>][] = [
    ['the read fails with a 500', async () => new Response('boom', { status: 500 })],
    ['the read is refused with a 401', async () => new Response('', { status: 401 })],
    ['there is no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the answer says success: false', async () => trpcAnswer({ success: false, facts: [] })],
    ['there are no active facts', async () => trpcAnswer({ success: true, facts: [] })],
  ];
  it.each(hidden)('is hidden entirely, its heading never shown, when %s', async (_, answer) => {
    const calls = serveFacts(answer);
    render(section);
    // Before the answer: the skeleton's box, none of the section's words.
    expect(document.getElementById('ai-facts')).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(sectionWordsShown()).toBe(false);
    await waitFor(() => expect(document.getElementById('ai-facts')).toBeNull());
    expect(sectionWordsShown()).toBe(false);
    expect(calls).toEqual([`${PUBLIC_FACTS_PATH} include`]);
    // The carousel's code was asked for beside the read: the test ends once it has come
    // (docs/testing.md, "Waiting on a part's code").
    await partsLoaded(FACTS_CAROUSEL);
  });
});
