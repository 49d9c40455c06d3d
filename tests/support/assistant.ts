/**
 * The site assistant's stream as a browser on the site reads it (docs/api.md, "The site
 * assistant"): POST /api/assistant through the app, its `text`, `end` and `error` events.
 */
import type { AssistantMessage } from '#shared/assistant';
import type { App } from '#server/app/app';

export interface Streamed {
  status: number;
  text: string;
  end: unknown;
  error: unknown;
  body: unknown;
  retryAfter: string | null;
}

/** POSTs a conversation as a browser on the site would, and reads its events. */
export async function ask(
  app: App,
  messages: unknown,
  headers: Record<string, string> = {},
): Promise<Streamed> {
  const response = await app.request('/api/assistant', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Visitor/1.0', ...headers },
    body: JSON.stringify({ messages }),
  });
  const raw = await response.text();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return {
      status: response.status,
      text: '',
      end: null,
      error: null,
      body: JSON.parse(raw),
      retryAfter: response.headers.get('retry-after'),
    };
  }
  const events = raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown,
    }));
  return {
    status: response.status,
    text: events
      .filter((e) => e.event === 'text')
      .map((e) => String(e.data))
      .join(''),
    end: events.find((e) => e.event === 'end')?.data ?? null,
    error: events.find((e) => e.event === 'error')?.data ?? null,
    body: null,
    retryAfter: null,
  };
}

/** A visitor's message. */
export const user = (content: string): AssistantMessage => ({ role: 'user', content });
