/**
 * Issue 48: drafts in the reply editor (docs/leads.md, "Drafts"). "Draft a reply" shows only
 * with AI set up, says politely that it is at work, fills the subject and reply, and asks
 * before it replaces what is written; a refusal is the server's sentence in a toast. The
 * drafts the owner's assistant kept on the lead are listed as plain text, used the same way,
 * or dismissed. Sending stays the ordinary reply.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadDraft } from '#shared/shapes/leads';
import { renderAdmin } from '#tests/support/render-admin';
import { fakeTrpcServer, refusal, type ProcedureAnswer } from '#tests/support/trpc-fetch';
import { toastQueue } from '#client/ui/toast';
import { formatDateTime } from '../ui/date-time';
import { ReplyEditor } from './reply-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const DRAFT = {
  subject: 'Your support inbox pilot',
  text: 'Hello Ada,\n\nThank you for writing. A pilot takes **two weeks**.',
};

const KEPT: LeadDraft = {
  id: 31,
  subject: 'Re: the pilot <b>now</b>',
  text: '\n<script>alert(1)</script> Shall we talk on Thursday?\nSecond line.',
  by: 'owner via Claude',
  at: '2026-11-26T09:30:00.000Z',
};

const SENT = {
  data: { id: 9, at: KEPT.at, kind: 'reply_sent', actor: 'admin', text: DRAFT.text },
};

/** A call the test answers when it chooses: until then the editor is pending. */
function held() {
  let answer: (value: ProcedureAnswer) => void = () => {};
  const promise = new Promise<ProcedureAnswer>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

const subjectField = () => screen.getByRole('textbox', { name: 'Subject (optional)' });
const replyField = () => screen.getByRole('textbox', { name: 'Reply (Markdown)' });
const toastLines = () =>
  toastQueue.visibleToasts.map((t) => `${t.content.title}: ${t.content.description ?? ''}`);

describe('without AI and without kept drafts', () => {
  it('shows nothing of the drafts', async () => {
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" />);
    await screen.findByRole('textbox', { name: 'Reply (Markdown)' });
    expect(screen.queryByRole('button', { name: 'Draft a reply' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Drafts from your assistant' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Draft a reply', () => {
  it('says it is writing while pending, fills the editor, and sends as an ordinary reply', async () => {
    const model = held();
    const server = fakeTrpcServer({
      'leads.replyDraft': () => model.promise,
      'leads.reply': () => SENT,
    });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" canDraft />);

    await user.click(await screen.findByRole('button', { name: 'Draft a reply' }));
    const pending = screen.getByRole('button', { name: 'Drafting...' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Writing a draft from this lead’s messages...',
    );
    // A second press while it writes asks nothing more.
    await user.click(pending);
    expect(server.callsTo('leads.replyDraft').map((call) => call.input)).toEqual([{ id: 7 }]);

    model.answer({ data: DRAFT });
    await waitFor(() => expect(replyField()).toHaveValue(DRAFT.text));
    expect(subjectField()).toHaveValue(DRAFT.subject);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The draft is in the editor. Read it and change what you need before you send it.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(server.callsTo('leads.reply').map((call) => call.input)).toEqual([
        { id: 7, text: DRAFT.text, subject: DRAFT.subject },
      ]),
    );
    // Sent: the editor is empty, and the notice about the draft in it goes (issue 57).
    await waitFor(() => expect(replyField()).toHaveValue(''));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    ['409', refusal('CONFLICT', 409, 'AI is not set up.')],
    ['429', refusal('TOO_MANY_REQUESTS', 429, 'The AI limit for this month is reached.')],
    ['503', refusal('SERVICE_UNAVAILABLE', 503, 'The AI model did not answer. Try again later.')],
  ])('shows the server’s refusal (%s) and keeps the editor as it was', async (_, answer) => {
    fakeTrpcServer({ 'leads.replyDraft': () => answer });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" canDraft />);
    await user.type(await screen.findByRole('textbox', { name: 'Reply (Markdown)' }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Draft a reply' }));
    await waitFor(() =>
      expect(toastLines()).toEqual([
        `Error: No draft: ${'error' in answer ? answer.error.message : ''}`,
      ]),
    );
    expect(replyField()).toHaveValue('Mine');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Draft a reply' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('asks before replacing what is written: Cancel keeps it, Replace takes the draft', async () => {
    const server = fakeTrpcServer({
      'leads.replyDraft': () => ({ data: DRAFT }),
    });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" canDraft />);
    await user.type(await screen.findByRole('textbox', { name: 'Subject (optional)' }), 'Mine');

    await user.click(screen.getByRole('button', { name: 'Draft a reply' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace your text?' });
    expect(dialog).toHaveAccessibleDescription(
      'The reply editor already has text. The draft replaces its subject and reply.',
    );
    expect(within(dialog).getByText(DRAFT.subject)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(subjectField()).toHaveValue('Mine');
    expect(replyField()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Draft a reply' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace' }),
    );
    await waitFor(() => expect(replyField()).toHaveValue(DRAFT.text));
    expect(subjectField()).toHaveValue(DRAFT.subject);
    expect(server.callsTo('leads.replyDraft')).toHaveLength(2);
  });
});

describe('drafts kept by the assistant', () => {
  const second: LeadDraft = { ...KEPT, id: 32, subject: 'Second thoughts', text: 'Or Friday?' };

  it('are listed as plain text, even without AI, with who wrote them and when', async () => {
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" drafts={[KEPT, second]} />);
    const list = await screen.findByRole('list', { name: 'Drafts from your assistant' });
    const items = within(list).getAllByRole('listitem');
    // The whole text, its lines kept: the owner reads the draft before using it.
    expect(items.map((item) => item.textContent)).toEqual([
      `owner via Claude, ${formatDateTime(KEPT.at)}` +
        'Re: the pilot <b>now</b>' +
        '<script>alert(1)</script> Shall we talk on Thursday?\nSecond line.' +
        'Use this draftDismiss',
      `owner via Claude, ${formatDateTime(KEPT.at)}Second thoughtsOr Friday?Use this draftDismiss`,
    ]);
    // Escaped, not markup: nothing of the agent's text became an element.
    expect(list.querySelector('b, script')).toBeNull();
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Use this draft' }),
    ).toHaveAccessibleDescription(KEPT.subject);
    expect(screen.queryByRole('button', { name: 'Draft a reply' })).toBeNull();
  });

  it('"Use this draft" fills an empty editor at once, and asks when it has text', async () => {
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" drafts={[KEPT, second]} />);
    const uses = await screen.findAllByRole('button', { name: 'Use this draft' });
    await user.click(uses[0] as HTMLElement);
    expect(replyField()).toHaveValue(KEPT.text);
    expect(subjectField()).toHaveValue(KEPT.subject);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(uses[1] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace your text?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(replyField()).toHaveValue(second.text));
    expect(subjectField()).toHaveValue(second.subject);
  });

  it('a reply sent from a draft names it, so the draft leaves the lead', async () => {
    const server = fakeTrpcServer({ 'leads.reply': () => SENT });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" drafts={[KEPT, second]} />);
    await user.click((await screen.findAllByRole('button', { name: 'Use this draft' }))[1]!);
    await user.type(replyField(), ' Thanks.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(server.callsTo('leads.reply')).toHaveLength(1));
    expect(server.callsTo('leads.reply')[0]?.input).toEqual({
      id: 7,
      subject: second.subject,
      text: 'Or Friday? Thanks.',
      draftId: 32,
    });
    // Typed from scratch afterwards: no draft named.
    await waitFor(() => expect(replyField()).toHaveValue(''));
    await user.type(replyField(), 'A new reply');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(server.callsTo('leads.reply')).toHaveLength(2));
    expect(server.callsTo('leads.reply')[1]?.input).toEqual({ id: 7, text: 'A new reply' });
  });

  it('"Dismiss" deletes that draft on the server', async () => {
    const server = fakeTrpcServer({ 'leads.dismissDraft': () => ({ data: { success: true } }) });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" drafts={[KEPT, second]} />);
    const dismisses = await screen.findAllByRole('button', { name: 'Dismiss' });
    await user.click(dismisses[1] as HTMLElement);
    await waitFor(() => expect(toastLines()).toEqual(['Draft dismissed: ']));
    expect(server.callsTo('leads.dismissDraft').map((call) => call.input)).toEqual([
      { id: 7, draftId: 32 },
    ]);
  });
});
