/**
 * The one way an admin screen shows a read (query-state.tsx): a spinner (status), the error
 * with "Try again" (alert), a 404's own words, the empty line, or the data.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { QueryState, type ReadState } from './query-state';

afterEach(cleanup);

function refused(code: string, message: string) {
  return new TRPCClientError(message, { result: { error: { data: { code } } } });
}

function show(query: ReadState<string[]>, extra: { notFound?: string } = {}) {
  return render(
    <QueryState
      query={query}
      pending="Loading things..."
      error="Error loading things"
      notFound={extra.notFound === undefined ? undefined : <p>{extra.notFound}</p>}
      empty={(things) => things.length === 0 && 'No things yet.'}
      frame={(state, kind) => <div data-testid={`frame-${kind}`}>{state}</div>}
    >
      {(things) => (
        <ul aria-label="Things">
          {things.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows a spinner, named for screen readers, while nothing has come', () => {
    show({ data: undefined, error: null, refetch: () => {} });
    expect(screen.getByRole('status')).toHaveTextContent('Loading things...');
    expect(screen.getByTestId('frame-pending')).toContainElement(screen.getByRole('status'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed read as an alert with the error in words, and "Try again" asks again', async () => {
    const refetch = vi.fn();
    show({ data: undefined, error: new Error('The database is busy.'), refetch });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error loading things: The database is busy.');
    expect(screen.getByTestId('frame-error')).toContainElement(alert);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("says the server couldn't be reached in words people can act on", () => {
    show({ data: undefined, error: new TypeError('Failed to fetch'), refetch: () => {} });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error loading things: The server could not be reached. Check your connection and try again.',
    );
  });

  it("shows a 404 as the screen's own words when it has them, else as an error", () => {
    const missing = refused('NOT_FOUND', 'Not found');
    const { unmount } = show(
      { data: undefined, error: missing, refetch: () => {} },
      { notFound: 'Thing not found.' },
    );
    expect(screen.getByText('Thing not found.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    show({ data: undefined, error: missing, refetch: () => {} });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading things: Not found');
  });

  it('shows the empty line for an answer with nothing in it, the data otherwise', () => {
    const { unmount } = show({ data: [], error: null, refetch: () => {} });
    expect(screen.getByText('No things yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    show({ data: ['one', 'two'], error: null, refetch: () => {} });
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('onetwo');
    expect(screen.queryByText('No things yet.')).toBeNull();
  });

  it('keeps the data on screen when a later read fails', () => {
    show({ data: ['one'], error: new Error('The database is busy.'), refetch: () => {} });
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('one');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
