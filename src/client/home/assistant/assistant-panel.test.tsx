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

/** A text in the conversation (the live region says a finished answer again, apart). */
const inConversation = (text: string) =>
  within(screen.getByRole('list', { name: 'Conversation' })).findByText(text);

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

  it('streams the answer in, says it once finished, with its pages as links', async () => {
    const user = renderPanel();
    const stream = heldStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    await ask(user, 'Do you build retrieval systems?');
    const status = screen.getByRole('status');

    stream.send(event('text', 'Yes, we build '));
    await inConversation('Yes, we build');
    expect(status).toHaveTextContent('');
    stream.send(event('text', 'them [1].'));
    await inConversation('Yes, we build them [1].');
    expect(status).toHaveTextContent('');

    stream.send(event('end', { sources: [{ title: 'Services', url: '/#services' }], offer: null }));
    stream.close();
    await waitFor(() => expect(status).toHaveTextContent('Yes, we build them [1].'));
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
