/**
 * The proposals' settings (docs/proposals.md, "Settings"): the default terms every new
 * proposal starts with are shown, with the owner told to review them, and saved with the rest.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ProposalSettingsCard } from './proposal-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SAVED = {
  currency: 'EUR',
  bankTransferText: '',
  priceList: '',
  defaultTerms: 'This proposal becomes a contract between you and us when you accept it.',
};

it('shows the default terms, tells the owner to review them, and saves a change', async () => {
  const fake = fakeTrpcServer({
    'proposals.settings': () => ({ data: { settings: SAVED } }),
    'proposals.saveSettings': (input) => ({ data: { settings: input } }),
  });
  const user = userEvent.setup();
  renderAdmin(<ProposalSettingsCard />);
  const terms = await screen.findByRole('textbox', { name: 'Default terms (Markdown)' });
  expect(terms).toHaveValue(SAVED.defaultTerms);
  expect(terms).toHaveAccessibleDescription(
    expect.stringMatching(/New proposals start with these terms.*review them/) as string,
  );
  await user.clear(terms);
  await user.type(terms, 'Our own terms.');
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() =>
    expect(fake.callsTo('proposals.saveSettings')[0]?.input).toEqual({
      ...SAVED,
      defaultTerms: 'Our own terms.',
    }),
  );
});
