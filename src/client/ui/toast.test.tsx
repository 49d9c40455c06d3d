import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS } from '#shared/constants';
import { replaceToasts, toast, toastQueue } from './toast';
import { isToastListed } from './toast-list';
import { Toaster } from './toaster';
import { isDismissingSwipe } from './toast-region';
import { toastShown } from '#tests/support/code-loads';

afterEach(() => {
  cleanup();
  act(() => toastQueue.clear());
  vi.useRealTimers();
});

// The region's code loads when the first toast is listed: each test waits on it with
// toastShown, never on findBy's clock alone (docs/testing.md, "Waiting on a part's code").
describe('toasts', () => {
  it('shows one toast at a time, the newest, announced in a notifications region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Details' });
    });
    await toastShown('Second');
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Details')).toBeVisible();
    expect(screen.getByRole('region', { name: /notification/i })).toBeVisible();
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it('brings back a toast waiting behind the newest once that one closes', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Older' });
      toast({ title: 'Newer' });
    });
    await toastShown('Newer');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('Older');
  });

  it('replaceToasts drops every earlier toast, shown or waiting: none comes back', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Older' });
      toast({ title: 'Newer' });
      replaceToasts({ title: 'Replacing' });
    });
    await toastShown('Replacing');
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Replacing']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // The queue is empty the moment the last toast closes: nothing is left to come back.
    expect(toastQueue.visibleToasts).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('closes after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => toast({ title: 'Short-lived' }));
    await toastShown('Short-lived');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Short-lived')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('Short-lived')).toBeNull());
  });

  it('F8 moves focus to the toast; the close button dismisses it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">elsewhere</button>
        <Toaster />
      </>,
    );
    act(() => toast({ title: 'Keyboard', variant: 'destructive' }));
    await toastShown('Keyboard');
    screen.getByText('elsewhere').focus();
    await user.keyboard('{F8}');
    expect(document.activeElement).toBe(screen.getByRole('alertdialog'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Keyboard')).toBeNull());
  });

  it('keeps a dismissed toast listed for 1,000,000 ms, then removes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => toast({ title: 'Listed' }));
    await toastShown('Listed');
    act(() => vi.advanceTimersByTime(5100));
    await waitFor(() => expect(screen.queryByText('Listed')).toBeNull());
    // Dismissed, still in the list.
    expect(isToastListed()).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 200));
    expect(isToastListed()).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(isToastListed()).toBe(false);
  });

  it('a new toast before the removal keeps the list, and the delay starts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => toast({ title: 'One' }));
    await toastShown('One');
    act(() => vi.advanceTimersByTime(5100));
    await waitFor(() => expect(screen.queryByText('One')).toBeNull());
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS / 2));
    act(() => toast({ title: 'Two' }));
    await screen.findByText('Two');
    act(() => vi.advanceTimersByTime(5100 + TOAST_REMOVE_DELAY_MS / 2 + 100));
    expect(isToastListed()).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS / 2));
    expect(isToastListed()).toBe(false);
  });

  it('a swipe to the right dismisses past 50 px only', () => {
    expect(isDismissingSwipe(50)).toBe(false);
    expect(isDismissingSwipe(51)).toBe(true);
    expect(isDismissingSwipe(-120)).toBe(false);
  });
});
