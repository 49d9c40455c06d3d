/**
 * Issue 45, cosmetic 18: a "Test sent" toast stayed on screen while the Send dialog was open.
 * Opening the dialog closes it: the test copy is not what the owner is deciding about.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Newsletter } from '#shared/shapes/newsletters';
import { createQueryClient } from '#client/lib/query-client';
import { createTrpcClient, trpc } from '#client/lib/trpc';
import { toastQueue } from '#client/ui/toast';
import { SendSection } from './send-section';
import { SendTestForm } from './send-test-form';
import { waitUntil } from '#tests/support/wait';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

/** Each procedure's answer, as the server gives it in tRPC's batch format. */
const ANSWERS: Record<string, unknown> = {
  'subscribers.list': {
    subscribers: [],
    total: 2,
    counts: { pending: 0, confirmed: 2, unsubscribed: 0 },
    page: 1,
  },
  'newsletters.sendTest': { success: true },
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
  toastQueue.clear();
});

const DRAFT: Newsletter = {
  id: 7,
  subject: 'Spring news',
  body: '# Hello',
  status: 'draft',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  sentAt: null,
  total: 0,
  sent: 0,
  failed: 0,
};

const titles = () => toastQueue.visibleToasts.map((t) => t.content.title);

it('closes the "Test sent" toast when the Send dialog opens', async () => {
  const queryClient = createQueryClient();
  render(
    <trpc.Provider client={createTrpcClient('http://localhost')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SendTestForm id={DRAFT.id} isDirty={false} />
        <SendSection newsletter={DRAFT} isDirty={false} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send a test' }));
  await waitUntil(() => expect(titles()).toEqual(['Test sent']));

  await user.click(await screen.findByRole('button', { name: 'Send to 2 confirmed subscribers' }));
  expect(await screen.findByRole('alertdialog', { name: 'Send newsletter' })).toBeVisible();
  expect(titles()).toEqual([]);
});
