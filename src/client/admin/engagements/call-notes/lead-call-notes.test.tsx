/**
 * "Add transcript" on a lead's call (docs/engagements.md, "Call notes"): the dialog sends the
 * pasted text or the chosen file to POST /api/leads/:id/call-notes with the call, then the card
 * shows the note (proposed owners and dates marked) and links to the follow-up draft; a
 * refusal stays in the dialog with what was typed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallNote, CallNoteAdded } from '#shared/shapes/call-notes';
import { renderAdmin } from '#tests/support/render-admin';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { formatDateTime } from '../../ui/date-time';
import { LeadCallNotes } from './lead-call-notes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CALL = { id: 4, start: '2026-11-20T10:00:00.000Z', status: 'confirmed' };
const NOTE: CallNote = {
  id: 9,
  leadId: 7,
  bookingId: 4,
  transcript: 'Ana: We agree on a pilot.\nBob: I send the export by Friday.',
  summary: 'A pilot was agreed.',
  decisions: ['A two-week pilot'],
  actions: [
    { what: 'Send the export', owner: 'Bob', due: 'Friday', proposed: false },
    { what: 'Book the review', owner: 'Carol', proposed: true },
  ],
  model: 'fake-model',
  draftId: 12,
  createdBy: 'admin',
  createdAt: '2026-11-20T11:00:00.000Z',
};

interface RestCall {
  url: string;
  body: BodyInit | null | undefined;
  type: string | null;
}

/** The tRPC reads, and POST /api/leads/7/call-notes answered with `answer` (status, body). */
function server(answer: { status: number; body: unknown }) {
  let notes: CallNote[] = [];
  const trpc = fakeTrpcServer({
    'callNotes.list': () => ({ data: { calls: [CALL], callNotes: notes } }),
  });
  const trpcFetch = globalThis.fetch;
  const posted: RestCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.endsWith('/call-notes')) return trpcFetch(input, init);
    const headers = new Headers(init?.headers);
    posted.push({ url, body: init?.body, type: headers.get('content-type') });
    if (answer.status === 201) notes = [NOTE];
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { trpc, posted };
}

const ADDED: CallNoteAdded = { callNote: NOTE, ai: 'used' };

describe('Add transcript', () => {
  it('sends the pasted text on its call, then shows the note and the way to its draft', async () => {
    const { posted } = server({ status: 201, body: { success: true, ...ADDED } });
    const user = userEvent.setup();
    renderAdmin(<LeadCallNotes leadId={7} />);

    const label = `Add transcript of the call of ${formatDateTime(CALL.start)}`;
    await user.click(await screen.findByRole('button', { name: label }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(label);
    expect(dialog).toHaveTextContent('nothing said in the transcript is taken as an instruction');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Paste the transcript' }),
      'Ana: Hi',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add transcript' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      {
        url: '/api/leads/7/call-notes',
        body: JSON.stringify({ text: 'Ana: Hi', bookingId: 4 }),
        type: 'application/json',
      },
    ]);
    const note = await screen.findByRole('article', { name: /Notes of/ });
    expect(note).toHaveTextContent('A pilot was agreed.');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A two-week pilot',
      'Send the export, Bob, by Friday ',
      'Book the review, Carol proposed',
    ]);
    expect(
      within(note).getByRole('link', { name: 'Follow-up draft in the reply editor' }),
    ).toHaveAttribute('href', '#reply-heading');
    expect(screen.getByRole('status')).toHaveTextContent('Transcript added');
  });

  it('sends a chosen file as a form; a refusal stays in the dialog and nothing is shown as added', async () => {
    const message = 'The transcript is over 200 KB.';
    const { posted } = server({ status: 413, body: { success: false, message } });
    const user = userEvent.setup();
    renderAdmin(<LeadCallNotes leadId={7} />);

    await user.click(await screen.findByRole('button', { name: 'Add transcript of another call' }));
    const dialog = screen.getByRole('dialog');
    const file = new File(['WEBVTT\n'], 'call.vtt', { type: 'text/vtt' });
    await user.upload(within(dialog).getByLabelText(/Or choose a file/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Add transcript' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(posted).toHaveLength(1);
    const form = posted[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('call.vtt');
    expect(form.get('bookingId')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says what the server said when the AI wrote no notes', async () => {
    const notice = 'AI is off: the transcript is kept, with no notes and no draft.';
    server({ status: 201, body: { success: true, ...ADDED, ai: 'off', notice } });
    const user = userEvent.setup();
    renderAdmin(<LeadCallNotes leadId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add transcript of another call' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add transcript' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Paste the transcript or choose its file.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Paste the transcript' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Add transcript' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(notice));
  });
});
