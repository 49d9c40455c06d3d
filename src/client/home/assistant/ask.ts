/**
 * One question to the site assistant (POST /api/assistant, docs/api.md "The site assistant"):
 * the answer's pieces handed over as they stream in, then its end `{ sources, offer }`. Every
 * failure becomes an `AssistantError` whose message a visitor can read.
 */
import type { AssistantEnd, AssistantMessage } from '#shared/assistant';
import { sseParser } from './sse';

export const ASSISTANT_PATH = '/api/assistant';

/** Said when nothing usable came back (the network, a proxy's page, a cut stream). */
export const NETWORK_FAILED = 'The answer could not be fetched. Please check your connection.';

export class AssistantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssistantError';
  }
}

/** `Retry-After` in words, for a 429 whose message does not already say when. */
function retryText(header: string | null): string {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return '';
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'Try again in a minute.' : `Try again in ${minutes} minutes.`;
}

/** The `message` of a JSON answer, whatever its shape: it is checked where it is used. */
function messageOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'message' in value
    ? value.message
    : undefined;
}

/** The server's `{ message }` for a refused question, in words. */
async function refusal(response: Response): Promise<AssistantError> {
  let message = '';
  try {
    const said = messageOf(await response.json());
    if (typeof said === 'string') message = said;
  } catch {
    // Not the API's JSON (a proxy's page): the general words below.
  }
  if (!message) return new AssistantError(NETWORK_FAILED);
  if (response.status === 429 && !/try again/i.test(message)) {
    message = `${message} ${retryText(response.headers.get('Retry-After'))}`.trim();
  }
  return new AssistantError(message);
}

function parsed(data: string): unknown {
  try {
    const value: unknown = JSON.parse(data);
    return value;
  } catch {
    throw new AssistantError(NETWORK_FAILED);
  }
}

function isSource(value: unknown): value is { title: string; url: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'url' in value &&
    typeof value.url === 'string'
  );
}

function endOf(data: string): AssistantEnd {
  const value = parsed(data);
  if (typeof value !== 'object' || value === null) return { sources: [], offer: null };
  const sources: AssistantEnd['sources'] =
    'sources' in value && Array.isArray(value.sources) ? value.sources.filter(isSource) : [];
  const offer = 'offer' in value ? value.offer : null;
  return { sources, offer: offer === 'contact' || offer === 'booking' ? offer : null };
}

/** Asks the conversation's last question; `onText` gets each piece of the answer. */
export async function askAssistant(
  messages: AssistantMessage[],
  onText: (piece: string) => void,
  signal?: AbortSignal,
): Promise<AssistantEnd> {
  let response: Response;
  try {
    response = await fetch(ASSISTANT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ messages }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AssistantError(NETWORK_FAILED);
  }
  if (!response.ok) throw await refusal(response);
  if (!response.body) throw new AssistantError(NETWORK_FAILED);

  // Set from the parser's callback: an object, so the checks below are not narrowed away.
  const got: { end: AssistantEnd | null; failure: string | null } = { end: null, failure: null };
  const parser = sseParser(({ event, data }) => {
    if (event === 'text') {
      const piece = parsed(data);
      if (typeof piece === 'string') onText(piece);
    } else if (event === 'end') {
      got.end = endOf(data);
    } else if (event === 'error') {
      const message = messageOf(parsed(data));
      got.failure = typeof message === 'string' ? message : NETWORK_FAILED;
    }
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AssistantError(NETWORK_FAILED);
  }
  parser.push(decoder.decode());
  parser.end();
  if (got.failure !== null) throw new AssistantError(got.failure);
  // A stream cut before its end: what came may be half an answer.
  if (got.end === null) throw new AssistantError(NETWORK_FAILED);
  return got.end;
}
