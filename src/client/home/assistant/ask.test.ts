import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_PATH, askAssistant, NETWORK_FAILED } from './ask';
import { sseParser, type SseEvent } from './sse';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

/** A response streaming these pieces of text, one read each. */
function streamed(pieces: string[], status = 200): Response {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(bytes.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const QUESTION = [{ role: 'user' as const, content: 'Do you build retrieval systems?' }];

describe('sseParser', () => {
  it('reads events whatever the pieces cut: lines, a \\r\\n, a character', () => {
    const seen: SseEvent[] = [];
    const parser = sseParser((e) => seen.push(e));
    const text =
      'event: text\r\ndata: "Ye"\r\n\r\n: a comment\n\nevent: text\ndata: "s é"\n\nevent: end\ndata: {}\n';
    // Every cut of the text in two gives the same events.
    for (let cut = 0; cut <= text.length; cut += 1) {
      seen.length = 0;
      parser.push(text.slice(0, cut));
      parser.push(text.slice(cut));
      parser.end();
      expect(seen).toEqual([
        { event: 'text', data: '"Ye"' },
        { event: 'text', data: '"s é"' },
        { event: 'end', data: '{}' },
      ]);
    }
  });
});

describe('askAssistant', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('hands over each piece as it comes, then the end: the pages and the offer', async () => {
    const end = { sources: [{ title: 'Services', url: '/#services' }], offer: null };
    fetchMock.mockResolvedValueOnce(
      streamed([
        event('text', 'Yes, '),
        'event: text\ndata: "we do',
        ' [1]."\n\n',
        event('end', end),
      ]),
    );
    const pieces: string[] = [];
    await expect(askAssistant(QUESTION, (p) => pieces.push(p))).resolves.toEqual(end);
    expect(pieces).toEqual(['Yes, ', 'we do [1].']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ASSISTANT_PATH);
    expect(JSON.parse(String(init?.body))).toEqual({ messages: QUESTION });
  });

  it('says why in words: the server’s message, Retry-After when it does not say when', async () => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    fetchMock.mockResolvedValueOnce(
      json(404, { success: false, message: 'The assistant is not available.' }),
    );
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(
      'The assistant is not available.',
    );

    fetchMock.mockResolvedValueOnce(
      json(
        429,
        { success: false, message: 'Too many questions asked. Try again in 12 minutes.' },
        { 'Retry-After': '700' },
      ),
    );
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(
      'Too many questions asked. Try again in 12 minutes.',
    );
    fetchMock.mockResolvedValueOnce(
      json(
        429,
        { success: false, message: 'The AI limit for this month is reached.' },
        { 'Retry-After': '7200' },
      ),
    );
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(
      'The AI limit for this month is reached. Try again in 120 minutes.',
    );
    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, message: 'Each message must be 1-1000 characters', issues: [] }),
    );
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(
      'Each message must be 1-1000 characters',
    );
  });

  it('an `error` event, a cut stream, a proxy’s page and no network are failures in words', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([event('text', 'Half'), event('error', { message: 'Something went wrong.' })]),
    );
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow('Something went wrong.');
    fetchMock.mockResolvedValueOnce(streamed([event('text', 'Half an answer')]));
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(NETWORK_FAILED);
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(NETWORK_FAILED);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(askAssistant(QUESTION, () => {})).rejects.toThrow(NETWORK_FAILED);
  });
});
