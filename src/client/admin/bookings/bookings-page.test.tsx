import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AdminBooking } from '#shared/shapes/bookings';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { BookingsPage } from './bookings-page';
import { meetingLink } from './join-call';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const call = (id: number, name: string, location: string, status: AdminBooking['status']) =>
  ({
    id,
    leadId: id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    company: null,
    message: null,
    start: '2099-06-02T08:00:00.000Z',
    end: '2099-06-02T08:30:00.000Z',
    location,
    status,
    cancelReason: null,
    createdAt: '2099-06-01T08:00:00.000Z',
  }) satisfies AdminBooking;

describe('meetingLink', () => {
  it('finds the meeting address in the place, without the punctuation after it', () => {
    expect(meetingLink('https://meet.example/abc-defg')).toBe('https://meet.example/abc-defg');
    expect(meetingLink('Zoom: https://zoom.example/j/123?pwd=x.')).toBe(
      'https://zoom.example/j/123?pwd=x',
    );
    expect(meetingLink('Phone call')).toBeNull();
    expect(meetingLink('javascript:alert(1)')).toBeNull();
    expect(meetingLink('12 Harbor Lane, Leeds')).toBeNull();
  });
});

describe("the owner's list of calls", () => {
  it('offers "Join call" in a new tab for a booked call with a meeting address, and only then', async () => {
    fakeTrpcServer({
      'bookings.list': () => ({
        data: {
          success: true,
          bookings: [
            call(1, 'Ivy', 'Video: https://meet.example/ivy-call', 'confirmed'),
            call(2, 'Tom', 'Phone call', 'confirmed'),
            call(3, 'Ada', 'https://meet.example/ada', 'cancelled'),
          ],
          total: 3,
          page: 1,
          pageSize: 50,
        },
      }),
    });
    renderAdmin(<BookingsPage search={{}} onSearch={() => {}} />);
    const join = await screen.findByRole('link', {
      name: 'Join call with Ivy (opens in a new tab)',
    });
    expect(join).toHaveTextContent('Join call');
    expect(join).toHaveAttribute('href', 'https://meet.example/ivy-call');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(screen.getAllByRole('link', { name: /^Join call/ })).toHaveLength(1);
  });
});
