/**
 * Issue 48: a newsletter draft written by the model from a published entry (docs/newsletter.md,
 * "A draft from an entry"). "Write it with AI" stands beside the plain "Make a newsletter
 * draft" only when GET /api/ai/usage says AI is set up; it posts `{ entryId, ai: true }`, says
 * politely that the model is at work, then opens the new draft with a toast. A refusal is the
 * server's sentence in a toast.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry } from '#shared/shapes/entries';
import { renderAdmin } from '#tests/support/render-admin';
import { fakeTrpcServer, refusal, type ProcedureAnswer } from '#tests/support/trpc-fetch';
import { toastQueue } from '#client/ui/toast';
import { EntryActions } from './entry-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ENTRY: Entry = {
  id: 4,
  kind: 'insight',
  slug: 'answers-in-minutes',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer.',
  body: 'Tickets waited **two days**.',
  client: null,
  industry: null,
  results: [],
  coverImage: null,
  tags: [],
  status: 'published',
  publishedAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-15T10:00:00.000Z',
  version: 3,
};

const NEWSLETTER = {
  id: 12,
  subject: 'Answers in minutes',
  body: 'Our support team...',
  status: 'draft',
  createdAt: '2026-11-26T09:30:00.000Z',
  updatedAt: '2026-11-26T09:30:00.000Z',
  sentAt: null,
  total: 0,
  sent: 0,
  failed: 0,
};

const usage = (enabled: boolean): ProcedureAnswer => ({
  data: {
    enabled,
    provider: enabled ? 'openai-compatible' : null,
    model: enabled ? 'llama3.2' : null,
    month: { inputTokens: 0, outputTokens: 0, limit: 2_000_000 },
  },
});

const toastLines = () =>
  toastQueue.visibleToasts.map((t) => `${t.content.title}: ${t.content.description ?? ''}`);

describe('Write it with AI', () => {
  it('is not there without AI: the plain draft alone, as before', async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(false),
      'newsletters.fromEntry': () => ({ data: NEWSLETTER }),
    });
    const user = userEvent.setup();
    const { router } = renderAdmin(<EntryActions entry={ENTRY} isDirty={false} />);
    const plain = await screen.findByRole('button', { name: 'Make a newsletter draft' });
    await waitFor(() => expect(server.callsTo('ai.usage')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Write it with AI' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(plain);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/newsletters/12'));
    expect(server.callsTo('newsletters.fromEntry').map((call) => call.input)).toEqual([
      { entryId: 4 },
    ]);
    expect(toastLines()).toEqual(['Newsletter draft made: Nothing is sent until you send it.']);
  });

  it('is not offered for a draft entry', async () => {
    const server = fakeTrpcServer({ 'ai.usage': () => usage(true) });
    renderAdmin(<EntryActions entry={{ ...ENTRY, status: 'draft' }} isDirty={false} />);
    await screen.findByRole('button', { name: 'Publish' });
    await waitFor(() => expect(server.callsTo('ai.usage')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Write it with AI' })).toBeNull();
  });

  it('posts ai: true, says it is writing, then opens the new draft with a toast', async () => {
    let answer: (value: ProcedureAnswer) => void = () => {};
    const server = fakeTrpcServer({
      'ai.usage': () => usage(true),
      'newsletters.fromEntry': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const { router } = renderAdmin(<EntryActions entry={ENTRY} isDirty={false} />);
    await user.click(await screen.findByRole('button', { name: 'Write it with AI' }));

    expect(screen.getByRole('button', { name: 'Writing...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your AI model is writing the newsletter draft...',
    );
    // The plain draft waits too: one draft at a time.
    await user.click(screen.getByRole('button', { name: 'Make a newsletter draft' }));
    expect(server.callsTo('newsletters.fromEntry').map((call) => call.input)).toEqual([
      { entryId: 4, ai: true },
    ]);

    answer({ data: NEWSLETTER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/newsletters/12'));
    expect(toastLines()).toEqual([
      'Newsletter draft written: Your AI model wrote it: read it through. Nothing is sent until you send it.',
    ]);
  });

  it('shows the server’s refusal (the month’s limit) and stays', async () => {
    fakeTrpcServer({
      'ai.usage': () => usage(true),
      'newsletters.fromEntry': () =>
        refusal('TOO_MANY_REQUESTS', 429, 'The AI limit for this month is reached.'),
    });
    const user = userEvent.setup();
    const { router } = renderAdmin(<EntryActions entry={ENTRY} isDirty={false} />);
    await user.click(await screen.findByRole('button', { name: 'Write it with AI' }));
    await waitFor(() =>
      expect(toastLines()).toEqual([
        'Error: Failed to make the newsletter draft: The AI limit for this month is reached.',
      ]),
    );
    expect(router.state.location.pathname).toBe('/admin/account');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Write it with AI' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
