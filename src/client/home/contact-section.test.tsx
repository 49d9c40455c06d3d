import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { CONTACT_FORM_ISLAND, ContactSection } from './contact-section';
import { SiteContentProvider } from './site-content-context';

afterEach(cleanup);

describe('ContactSection', () => {
  it('keeps the form card as tall as the form when the column beside it grows', async () => {
    render(
      <SiteContentProvider content={defaultSiteContent}>
        <ContactSection />
      </SiteContentProvider>,
    );
    // The form's island (its code loads later) and the card around it.
    const card = document.getElementById(CONTACT_FORM_ISLAND)?.closest('[data-reveal]');
    expect(card?.contains(screen.getByRole('heading', { name: 'Get in Touch' }))).toBe(false);
    // A grid item stretches to its row by default: the booking picker opening in the other
    // column made the card a tall empty box (issue 45). self-start keeps it to its content.
    expect(card?.classList).toContain('self-start');
    // The test ends once the island's code has loaded: an import still running when the file
    // ends finishes after its environment is gone and leaves the island waiting for ever in
    // the next file of this worker (site-footer.test.tsx says more). It waits on the island's
    // ready signal, not on a clock: findBy's timeout ran out on a slower machine (issue 71).
    await partsLoaded(CONTACT_FORM_ISLAND);
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeVisible();
  });
});
