/**
 * The welcome sequence's editor on the Newsletters screen: adding mails, checking them as
 * typed with the server's own rules, previewing one, and saving what the screen shows.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SEQUENCE_MESSAGES, type Sequence } from '#shared/newsletter-sequence';
import { createQueryClient } from '#client/lib/query-client';
import { createTrpcClient, trpc } from '#client/lib/trpc';
import { toastQueue } from '#client/ui/toast';
import { SequenceEditor } from './sequence-editor';
import { waitUntil } from '#tests/support/wait';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
let stored: Sequence;
const saves: unknown[] = [];

beforeEach(() => {
  stored = { enabled: false, steps: [] };
  saves.length = 0;
  fetchMock.mockImplementation((input, init) => {
    const path = new URL(String(input)).pathname.replace('/api/trpc/', '');
    if (path === 'newsletterSequence.save') {
      const given = (JSON.parse(String(init?.body)) as Record<string, Sequence>)['0']!;
      saves.push(given);
      stored = given;
    }
    const body = path.split(',').map(() => ({ result: { data: stored } }));
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

function renderEditor() {
  const queryClient = createQueryClient();
  render(
    <trpc.Provider client={createTrpcClient('http://localhost')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SequenceEditor />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return userEvent.setup();
}

const mail = (n: number) => within(screen.getByRole('group', { name: `Mail ${n}` }));

it('adds mails, turns it on and saves what the screen shows', async () => {
  const user = renderEditor();
  await user.click(await screen.findByRole('button', { name: 'Add a mail' }));
  const subject = mail(1).getByRole('textbox', { name: 'Subject' });
  await user.clear(subject);
  await user.type(subject, 'Welcome to Harbor');
  await user.click(screen.getByRole('button', { name: 'Add a mail' }));
  const days = mail(2).getByRole('textbox', { name: 'Days after confirmation' });
  await user.clear(days);
  await user.type(days, '3');
  await user.click(screen.getByRole('switch', { name: /Send the welcome sequence/ }));
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitUntil(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toEqual({
    enabled: true,
    steps: [
      expect.objectContaining({ subject: 'Welcome to Harbor', days: 0 }),
      expect.objectContaining({ subject: 'Mail 2', days: 3 }),
    ],
  });
  expect(await screen.findByText('All changes saved')).toBeInTheDocument();
});

it('shows the server’s rules at their field as typed, and sends nothing while one fails', async () => {
  const user = renderEditor();
  await user.click(await screen.findByRole('button', { name: 'Add a mail' }));
  await user.click(screen.getByRole('button', { name: 'Add a mail' }));
  const days = mail(1).getByRole('textbox', { name: 'Days after confirmation' });
  await user.clear(days);
  await user.type(days, '61');
  expect(days).toHaveAccessibleDescription(expect.stringContaining(SEQUENCE_MESSAGES.days));
  await user.clear(days);
  await user.type(days, '5');
  // Mail 2 is on day 1 now, before mail 1's day 5.
  expect(
    mail(2).getByRole('textbox', { name: 'Days after confirmation' }),
  ).toHaveAccessibleDescription(expect.stringContaining(SEQUENCE_MESSAGES.order));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(saves).toEqual([]);
});

it('previews one mail with the newsletter’s preview, and stops adding at 4 mails', async () => {
  const user = renderEditor();
  const add = await screen.findByRole('button', { name: 'Add a mail' });
  for (let i = 0; i < 4; i++) await user.click(add);
  expect(add).toBeDisabled();
  await user.click(mail(2).getByRole('button', { name: 'Preview' }));
  expect(mail(2).getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
  expect(mail(1).queryByRole('heading', { name: 'Preview' })).toBeNull();
  await user.click(mail(3).getByRole('button', { name: 'Remove mail 3' }));
  expect(screen.getAllByRole('group', { name: /^Mail \d$/ })).toHaveLength(3);
  expect(add).toBeEnabled();
});
