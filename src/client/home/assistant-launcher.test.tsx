import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { ASSISTANT_PANEL, AssistantLauncher } from './assistant-launcher';
import { SiteContentProvider } from './site-content-context';

afterEach(cleanup);

describe('"Ask a question"', () => {
  it('opens the panel with the focus in it; Escape closes it, the focus back on the button, the question kept', async () => {
    render(
      <SiteContentProvider content={defaultSiteContent}>
        <AssistantLauncher />
      </SiteContentProvider>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Ask a question' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    // The panel's code comes on the press: waited for itself, not for a clock (issue 71).
    await partsLoaded(ASSISTANT_PANEL);
    const field = await screen.findByRole('textbox', { name: 'Your question' });
    expect(screen.getByRole('dialog', { name: 'Ask a question' })).toBeInTheDocument();
    expect(document.activeElement).toBe(field);
    await user.keyboard('Half a question');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toHaveValue(
      'Half a question',
    );
  });
});
