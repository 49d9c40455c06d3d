/**
 * Issue 46: a subscriber whose address bounced shows `Bounced`, and the status filter has a
 * Bounced choice with its count, in the sum of All.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusBadge } from './subscriber-status';
import { SubscriberStatusFilter } from './subscriber-status-filter';

afterEach(cleanup);

it('offers Bounced with its count, All counting it, and answers the choice', async () => {
  const onChange = vi.fn();
  render(
    <SubscriberStatusFilter
      status={undefined}
      counts={{ pending: 1, confirmed: 2, unsubscribed: 3, bounced: 4 }}
      onChange={onChange}
    />,
  );
  expect(screen.getAllByRole('radio').map((choice) => choice.textContent)).toEqual([
    'All 10',
    'Confirmed 2',
    'Pending 1',
    'Unsubscribed 3',
    'Bounced 4',
  ]);
  await userEvent.setup().click(screen.getByRole('radio', { name: 'Bounced 4' }));
  expect(onChange).toHaveBeenCalledWith('bounced');
});

it('writes the bounced status as a word', () => {
  render(<StatusBadge status="bounced" />);
  expect(screen.getByText('Bounced')).toBeVisible();
});
