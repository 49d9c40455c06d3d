/**
 * The Subscribers screen shows each subscriber's welcome sequence under their status: how many
 * of its mails went, or why it stopped (docs/admin-guide.md, "Subscribers").
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Subscriber } from '#shared/shapes/subscribers';
import { renderAdmin } from '#tests/support/render-admin';
import { SubscribersPage } from './subscribers-page';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

const subscriber = (
  id: number,
  sequence: Subscriber['sequence'],
  status: Subscriber['status'] = 'confirmed',
): Subscriber => ({
  id,
  email: `reader${id}@example.com`,
  status,
  createdAt: '2026-03-01T09:00:00.000Z',
  confirmedAt: '2026-03-01T09:05:00.000Z',
  unsubscribedAt: null,
  sequence,
});

const step = { subject: 'Hello', body: 'Hi.', days: 0 };
const ANSWERS: Record<string, unknown> = {
  'subscribers.list': {
    subscribers: [
      subscriber(4, { step: 1, exited: null }, 'bounced'),
      subscriber(3, { step: 2, exited: null }),
      subscriber(2, { step: 1, exited: 'enquired' }),
      subscriber(1, { step: 0, exited: null }),
    ],
    total: 4,
    counts: { pending: 0, confirmed: 3, unsubscribed: 0, bounced: 1 },
    page: 1,
    pageSize: 50,
  },
  'newsletterSequence.get': { enabled: true, steps: [step, step, step] },
};

beforeEach(() => {
  fetchMock.mockImplementation((input) => {
    const path = new URL(String(input)).pathname.replace('/api/trpc/', '');
    const body = path.split(',').map((name) => ({ result: { data: ANSWERS[name] } }));
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The table row of an address. */
async function rowOf(email: string) {
  const row = (await screen.findByTitle(email)).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
}

it('shows the mails given of the sequence, or why it stopped, and nothing before the first', async () => {
  renderAdmin(<SubscribersPage search={{}} onSearch={() => {}} />);
  expect((await rowOf('reader3@example.com')).getAllByText('Welcome: 2 of 3 sent')).not.toEqual([]);
  expect(
    (await rowOf('reader2@example.com')).getAllByText('Welcome: stopped, enquired'),
  ).not.toEqual([]);
  expect((await rowOf('reader1@example.com')).queryByText(/Welcome:/)).toBeNull();
});

it('says a bounced subscriber’s sequence stopped, not how many of it went', async () => {
  renderAdmin(<SubscribersPage search={{}} onSearch={() => {}} />);
  const row = await rowOf('reader4@example.com');
  expect(row.getAllByText('Welcome: stopped, bounced')).not.toEqual([]);
  expect(row.queryByText(/of 3 sent/)).toBeNull();
});
