import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CalendarFeed, type FeedState } from './calendar-feed';

afterEach(cleanup);

const ADDRESS = 'https://calendar.example/private-abc/basic.ics';

function show(saved: string | null, feed: FeedState) {
  render(
    <CalendarFeed
      value={saved ?? ''}
      saved={saved}
      feed={feed}
      error={undefined}
      onChange={() => {}}
    />,
  );
}

describe("the calendar's status", () => {
  it('says when none is connected', () => {
    show(null, { fetchedAt: null, error: null, busy: 0 });
    expect(screen.getByText(/No calendar connected/)).toBeInTheDocument();
  });

  it('gives the last read and its busy times', () => {
    show(ADDRESS, { fetchedAt: '2026-11-25T08:00:00.000Z', error: null, busy: 4 });
    expect(screen.getByText(/Last read/)).toHaveTextContent(/4 busy times ahead\.$/);
    expect(screen.queryByText(/failed/)).toBeNull();
  });

  it('gives the error of a failed read beside the last good one, or says none succeeded', () => {
    show(ADDRESS, {
      fetchedAt: '2026-11-25T08:00:00.000Z',
      error: 'The calendar answered 404',
      busy: 1,
    });
    expect(screen.getByText(/The last read of your calendar failed/)).toHaveTextContent(
      'The calendar answered 404',
    );
    expect(screen.getByText(/Last read/)).toHaveTextContent(/1 busy time ahead\.$/);
    cleanup();
    show(ADDRESS, { fetchedAt: null, error: 'The calendar answered 404', busy: 0 });
    expect(screen.getByText(/Never read successfully yet/)).toBeInTheDocument();
  });
});
