import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { SiteContentProvider } from './site-content-context';
import { footerEntryClass, NEWSLETTER_ISLAND, SiteFooter } from './site-footer';

afterEach(cleanup);

/** The entry's own element: the link, or the plain name of a page without text. */
function entryOf(item: HTMLElement): Element {
  expect(item.children).toHaveLength(1);
  return item.children[0]!;
}

describe('SiteFooter', () => {
  it('gives a legal page without text the same box as the links around it', async () => {
    // Only the privacy policy has text: the other three entries are plain names.
    const legalTexts = { privacy: 'We keep little.', terms: '', cookies: '', responsibleAi: '' };
    render(
      <SiteContentProvider content={{ ...defaultSiteContent, legal: legalTexts }}>
        <SiteFooter onHome />
      </SiteContentProvider>,
    );
    const legal = screen.getByRole('heading', { name: 'Legal' }).parentElement!;
    const entries = within(legal).getAllByRole('listitem').map(entryOf);
    expect(entries.map((entry) => [entry.tagName, entry.textContent])).toEqual([
      ['SPAN', 'Terms of Service'],
      ['A', 'Privacy Policy'],
      ['SPAN', 'Cookie Policy'],
      ['SPAN', 'Responsible AI'],
    ]);
    const company = screen.getByRole('navigation', { name: 'Company' });
    const links = within(company).getAllByRole('listitem').map(entryOf);
    const box = footerEntryClass.split(' ');
    for (const entry of [...entries, ...links]) {
      expect([...entry.classList]).toEqual(expect.arrayContaining(box));
    }
    // Only the links take focus and change colour on hover; a plain name does not look like
    // one: set in italics, with the text's cursor, and never focused.
    for (const plain of [entries[0]!, entries[2]!, entries[3]!]) {
      expect(plain.className).toBe(`${footerEntryClass} cursor-default italic`);
      expect(plain).not.toHaveAttribute('tabindex');
    }
    for (const link of [entries[1]!, ...links]) {
      expect(link.className).not.toContain('italic');
      expect(link.className).toContain('hover:text-ink');
    }
    // The newsletter island's code loads after the first render: the test ends once it has,
    // or its import would finish in the next file of this worker, after this file's
    // environment went, and leave the footer's island waiting there for ever (it did once:
    // not-found-app.test.tsx then timed out hydrating the footer). It waits on the island's
    // ready signal, not on a clock (issue 71).
    await partsLoaded(NEWSLETTER_ISLAND);
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeVisible();
  });
});
