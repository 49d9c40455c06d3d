import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderAdmin } from '#tests/support/render-admin';
import { InvoicesCard } from './invoices-card';

afterEach(cleanup);

async function figures() {
  const card = await screen.findByRole('region', { name: 'Invoices' });
  return (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
}

describe("the Overview's invoices", () => {
  it('shows outstanding, overdue and paid this month, each currency apart', async () => {
    renderAdmin(
      <InvoicesCard
        figures={[
          { currency: 'EUR', outstanding: 958_425, overdue: 506_900, paidThisMonth: 300_000 },
          { currency: 'USD', outstanding: 5_000, overdue: 0, paidThisMonth: 2_500 },
        ]}
      />,
      { at: '/admin/overview' },
    );
    const figure = await figures();
    expect(figure('Outstanding')).toBe('€9,584.25 + $50.00');
    expect(figure('Overdue')).toBe('€5,069.00');
    expect(figure('Paid this month')).toBe('€3,000.00 + $25.00');
  });

  it('says 0 before the first invoice', async () => {
    renderAdmin(<InvoicesCard figures={[]} />, { at: '/admin/overview' });
    const figure = await figures();
    expect([figure('Outstanding'), figure('Overdue'), figure('Paid this month')]).toEqual([
      '0',
      '0',
      '0',
    ]);
  });
});
