import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderNotFound } from '#client/entry-server';
import PublicNotFound from '#client/home/public-not-found';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { NotFoundApp } from './not-found-app';
import { NEWSLETTER_ISLAND } from './site-footer';

afterEach(cleanup);

const content = {
  ...defaultSiteContent,
  company: { ...defaultSiteContent.company, name: 'Harbor Lane AI', shortName: 'Harbor Lane' },
};

describe('the page-not-found page', () => {
  it("the server's HTML hydrates as it is: no mismatch, the spec's words stay", async () => {
    const root = document.createElement('div');
    root.innerHTML = await renderNotFound(content);
    document.body.append(root);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <NotFoundApp content={content} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Page Not Found');
    expect(document.title).toBe('404 Page Not Found | Harbor Lane AI');
    // The footer's newsletter island hydrates once its code has come: the test ends then
    // (a load still running would finish in the next file of this worker).
    await partsLoaded(NEWSLETTER_ISLAND);
    expect(mismatches).toEqual([]);
    root.remove();
  });

  it('the router app draws the same card on a link followed inside it', async () => {
    render(<PublicNotFound />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Page Not Found');
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await partsLoaded(NEWSLETTER_ISLAND);
  });
});
