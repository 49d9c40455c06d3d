import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { ASSISTANT_OFFER } from '#shared/assistant';
import { SiteContentProvider } from '../site-content-context';
import AssistantPanel from './assistant-panel';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A stream the test feeds piece by piece, then ends. */
function heldStream() {
  const bytes = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(bytes.encode(text)),
    close: () => controller.close(),
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderPanel() {
  render(
    <SiteContentProvider content={defaultSiteContent}>
      <AssistantPanel isOpen onOpenChange={() => {}} />
    </SiteContentProvider>,
  );
  return userEvent.setup();
}

const question = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your question' });

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(question());
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
}

/** A text in the conversation's log. */
const inConversation = (text: string) =>
  within(screen.getByRole('log', { name: 'Conversation' })).findByText(text);

/** Whether an element is inside a live region, which a screen reader reads out as it changes. */
const inLiveRegion = (element: Element) =>
  element.closest(
    '[aria-live]:not([aria-live="off"]), [role="log"], [role="status"], [role="alert"]',
  ) !== null;

/**
 * What a screen reader is given to say from a polite log (additions only, its default): the
 * text of each node added to it, in order.
 */
function announcements(log: HTMLElement): () => string[] {
  const said: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) said.push(node.textContent ?? '');
    }
  });
  observer.observe(log, { childList: true, subtree: true, characterData: true });
  return () => {
    for (const record of observer.takeRecords()) {
      for (const node of record.addedNodes) said.push(node.textContent ?? '');
    }
    return said.filter((text) => text.trim() !== '');
  };
}

const sentBody = (call: number) =>
  JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, unknown>;

describe('the assistant’s panel', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('is a labelled dialog whose question field has the focus and counts its characters', async () => {
    const user = renderPanel();
    expect(screen.getByRole('dialog', { name: 'Ask a question' })).toBeInTheDocument();
    expect(document.activeElement).toBe(question());
    expect(question().maxLength).toBe(1000);
    await user.paste('Hello');
    expect(screen.getByText('5 of 1,000 characters')).toBeInTheDocument();
    // The form and the booking, one press away before anything is asked.
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '#contact');
    expect(screen.getByRole('button', { name: 'Book a call' })).toBeInTheDocument();
  });

  it('streams the answer in outside the live region, then adds it whole to the polite log, with its pages as links', async () => {
    const user = renderPanel();
    // The conversation is a polite log from the start: a region added with its first
    // message would not be announced.
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const said = announcements(log);
    const stream = heldStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    await ask(user, 'Do you build retrieval systems?');

    stream.send(event('text', 'Yes, we build '));
    const streaming = await screen.findByText('Yes, we build');
    // Piece by piece it is in no live region: nothing is said per piece.
    expect(inLiveRegion(streaming)).toBe(false);
    stream.send(event('text', 'them [1].'));
    await screen.findByText('Yes, we build them [1].');
    expect(said()).toEqual(['You asked: Do you build retrieval systems?']);

    stream.send(event('end', { sources: [{ title: 'Services', url: '/#services' }], offer: null }));
    stream.close();
    const answer = await within(log).findByText('Yes, we build them [1].');
    // Finished, the answer is in the log, added once, whole, with its pages: said once.
    expect(log.contains(answer)).toBe(true);
    expect(said()).toEqual([
      'You asked: Do you build retrieval systems?',
      'The site answered: Yes, we build them [1].From the site:Services',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(screen.getByRole('button', { name: 'Ask' })).not.toHaveAttribute('aria-disabled');
    expect(sentBody(0)).toEqual({
      messages: [{ role: 'user', content: 'Do you build retrieval systems?' }],
    });
  });

  it('offers to write or book under an answer with `offer`, and says a refusal in words', async () => {
    const user = renderPanel();
    fetchMock.mockResolvedValueOnce(
      new Response(
        event('text', ASSISTANT_OFFER) + event('end', { sources: [], offer: 'contact' }),
      ),
    );
    await ask(user, 'What is the weather?');
    const answer = (await inConversation(ASSISTANT_OFFER)).closest('li')!;
    expect(within(answer).getByRole('link', { name: 'Write to us' })).toBeInTheDocument();
    expect(within(answer).getByRole('button', { name: 'Book a call' })).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(
      json(429, { success: false, message: 'Too many questions asked. Try again in 5 minutes.' }),
    );
    await ask(user, 'And tomorrow?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many questions asked. Try again in 5 minutes.You can write to us with the form or book a call instead.',
    );
  });

  it('sends at most the last 10 messages, the question last', async () => {
    const user = renderPanel();
    for (let i = 1; i <= 6; i += 1) {
      fetchMock.mockResolvedValueOnce(
        new Response(event('text', `Answer ${i}`) + event('end', { sources: [], offer: null })),
      );
      await ask(user, `Question ${i}`);
      await inConversation(`Answer ${i}`);
    }
    const last = sentBody(5).messages as { content: string }[];
    expect(last).toHaveLength(10);
    expect(last[0]?.content).toBe('Answer 1');
    expect(last.at(-1)?.content).toBe('Question 6');
    // Only 10 stay on screen too: the first question is gone from memory.
    expect(screen.queryByText('Question 1')).toBeNull();
  });

  it('"Send this to a person": its fields’ messages next to them, then the server’s thanks', async () => {
    const user = renderPanel();
    fetchMock.mockResolvedValueOnce(
      new Response(event('text', 'We do.') + event('end', { sources: [], offer: null })),
    );
    await ask(user, 'Do you build retrieval systems?');
    await inConversation('We do.');
    // jsdom lays nothing out: the scroll is a spy.
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    await user.click(screen.getByRole('button', { name: 'Send this to a person' }));
    const form = screen.getByRole('form', { name: 'Send this to a person' });
    // The form is brought into view with the focus in its first field, not left on the button.
    const first = within(form).getByRole('textbox', { name: /Full Name/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(scrolled.mock.contexts).toContain(form);
    await user.type(first, 'Grace Hopper');
    await user.type(
      within(form).getByRole('textbox', { name: /Email Address/ }),
      'grace@example.com',
    );
    await user.click(within(form).getByRole('checkbox'));

    fetchMock.mockResolvedValueOnce(
      json(400, {
        success: false,
        message: 'Name is taken',
        issues: [{ path: 'name', message: 'Name is taken' }],
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send to a person' }));
    const name = within(form).getByRole('textbox', { name: /Full Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is taken'));
    expect(sentBody(1)).toEqual({
      messages: [
        { role: 'user', content: 'Do you build retrieval systems?' },
        { role: 'assistant', content: 'We do.' },
      ],
      name: 'Grace Hopper',
      email: 'grace@example.com',
      privacy: true,
      website: '',
    });

    fetchMock.mockResolvedValueOnce(json(429, { success: false, message: 'Too many requests.' }));
    await user.click(within(form).getByRole('button', { name: 'Send to a person' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests.');

    fetchMock.mockResolvedValueOnce(
      json(201, {
        success: true,
        message: "Thank you for your message. We'll get back to you soon.",
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send to a person' }));
    const thanks = await screen.findByText(
      "Thank you for your message. We'll get back to you soon.",
    );
    expect(thanks).toHaveAttribute('role', 'status');
    // The focus the vanished send button had.
    expect(document.activeElement).toBe(thanks);
  });
});
