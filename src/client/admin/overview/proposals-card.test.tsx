import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderAdmin } from '#tests/support/render-admin';
import { ProposalsCard } from './proposals-card';

afterEach(cleanup);

describe("the Overview's proposals", () => {
  it('shows those out, those accepted this month and what was paid, each currency apart', async () => {
    renderAdmin(
      <ProposalsCard
        figures={{
          out: 2,
          acceptedThisMonth: 1,
          depositsPaid: [
            { currency: 'EUR', amount: 90000 },
            { currency: 'USD', amount: 5000 },
          ],
        }}
      />,
      { at: '/admin/overview' },
    );
    const card = await screen.findByRole('region', { name: 'Proposals' });
    const figure = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure('Out, awaiting an answer')).toBe('2');
    expect(figure('Accepted this month')).toBe('1');
    expect(figure('Deposits paid this month')).toBe('€900.00 + $50.00');
  });

  it('says 0 paid when nothing was', async () => {
    renderAdmin(<ProposalsCard figures={{ out: 0, acceptedThisMonth: 0, depositsPaid: [] }} />, {
      at: '/admin/overview',
    });
    const card = await screen.findByRole('region', { name: 'Proposals' });
    expect(within(card).getByText('Deposits paid this month').nextElementSibling).toHaveTextContent(
      /^0$/,
    );
  });
});
