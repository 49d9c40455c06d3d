import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Newsletter } from '#shared/shapes/newsletters';
import { createQueryClient } from '#client/lib/query-client';
import { createTrpcClient, trpc } from '#client/lib/trpc';
import { toastQueue } from '#client/ui/toast';
import { useSendNewsletter } from './newsletter-mutations';
import { SendingProgress } from './sending-progress';
import { waitUntil } from '#tests/support/wait';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SENDING: Newsletter = {
  id: 4,
  subject: 'Spring news',
  body: '# Hello',
  status: 'sending',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  sentAt: null,
  total: 3,
  sent: 0,
  failed: 0,
};

const SENT: Newsletter = {
  ...SENDING,
  status: 'sent',
  sent: 3,
  sentAt: '2026-03-01T09:00:05.000Z',
};

/** The send button's hook and the progress the page shows, as the newsletter page holds them. */
function SendAndProgress({ newsletter }: { newsletter: Newsletter }) {
  const send = useSendNewsletter();
  return (
    <>
      <button type="button" onClick={() => send.mutate({ id: newsletter.id })}>
        Start
      </button>
      <SendingProgress newsletter={newsletter} />
    </>
  );
}

function renderPage() {
  const queryClient = createQueryClient();
  const tree = (newsletter: Newsletter) => (
    <trpc.Provider client={createTrpcClient('http://localhost')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SendAndProgress newsletter={newsletter} />
      </QueryClientProvider>
    </trpc.Provider>
  );
  const view = render(tree(SENDING));
  return { rerender: (newsletter: Newsletter) => view.rerender(tree(newsletter)) };
}

const toastTitles = () => toastQueue.visibleToasts.map((t) => t.content.title);

describe('the "Sending started" toast', () => {
  it('stays while sending and closes when the page shows the sending finished', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify([{ result: { data: SENDING } }]), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const page = renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start' }));
    await waitUntil(() => expect(toastTitles()).toEqual(['Sending started']));

    page.rerender({ ...SENDING, sent: 2 });
    expect(screen.getByText('Sending in progress. This page updates by itself.')).toBeTruthy();
    expect(toastTitles()).toEqual(['Sending started']);

    page.rerender(SENT);
    expect(screen.getByText('Sending finished: 3 of 3 sent.')).toBeTruthy();
    expect(toastTitles()).toEqual([]);
  });
});
