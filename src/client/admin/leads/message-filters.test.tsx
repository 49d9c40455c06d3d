/**
 * The messages' search box applies on Search or with a subject, and follows the address on
 * Back and Forward, but not the address it asked for itself: the screen draws that only once
 * the list's read has answered, and what was typed in between stays.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageFilters } from './message-filters';
import type { MessageSearch } from './search-params';

afterEach(cleanup);

function renderFilters(search: MessageSearch) {
  const onChange = vi.fn();
  const view = render(<MessageFilters search={search} onChange={onChange} />);
  const rerender = (next: MessageSearch) =>
    view.rerender(<MessageFilters search={next} onChange={onChange} />);
  return { onChange, rerender, box: screen.getByRole('searchbox') };
}

it('keeps a box cleared while its search reached the screen, and sends it with a subject', async () => {
  const user = userEvent.setup();
  const { onChange, rerender, box } = renderFilters({});
  await user.type(box, 'hopper{Enter}');
  expect(onChange).toHaveBeenLastCalledWith({ q: 'hopper', subject: undefined });
  await user.clear(box);
  rerender({ q: 'hopper' });
  expect(box).toHaveValue('');
  await user.selectOptions(screen.getByLabelText('Subject'), 'AI Consulting Services');
  expect(onChange).toHaveBeenLastCalledWith({ q: undefined, subject: 'consulting' });
});

it('keeps it cleared when a subject was chosen before the search reached the screen', async () => {
  const user = userEvent.setup();
  const { onChange, rerender, box } = renderFilters({});
  await user.type(box, 'hopper{Enter}');
  await user.clear(box);
  await user.selectOptions(screen.getByLabelText('Subject'), 'AI Consulting Services');
  expect(onChange).toHaveBeenLastCalledWith({ q: undefined, subject: 'consulting' });
  rerender({ q: 'hopper' });
  expect(box).toHaveValue('');
  rerender({ subject: 'consulting' });
  expect(box).toHaveValue('');
});

it('follows Back and Forward, a subject change included', async () => {
  const user = userEvent.setup();
  const { onChange, rerender, box } = renderFilters({ q: 'hopper' });
  await user.selectOptions(screen.getByLabelText('Subject'), 'AI Consulting Services');
  expect(onChange).toHaveBeenLastCalledWith({ q: 'hopper', subject: 'consulting' });
  rerender({ q: 'hopper', subject: 'consulting' });
  rerender({});
  expect(box).toHaveValue('');
  rerender({ q: 'hopper' });
  expect(box).toHaveValue('hopper');
});

it('empties the box at Clear, before the address follows', async () => {
  const user = userEvent.setup();
  const { onChange, rerender, box } = renderFilters({ q: 'hopper' });
  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(box).toHaveValue('');
  expect(onChange).toHaveBeenLastCalledWith({ q: undefined, subject: undefined });
  rerender({});
  expect(box).toHaveValue('');
});
