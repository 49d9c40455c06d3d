/**
 * An OpenAI-compatible HTTP server in the test process, for tests that talk to a provider the
 * way the product does (AI_PROVIDER=openai-compatible, AI_BASE_URL=<baseUrl>): no model can be
 * downloaded on our machines (docs/testing.md). It answers POST /v1/chat/completions, plain
 * and streaming (server-sent events, with the usage chunk when `stream_options.include_usage`
 * asks for it, as OpenAI does), and GET /v1/models. It records every request it was sent,
 * headers and body, so a test can check what left the site. What it answers is the test's:
 * a text, tool calls, an HTTP error, or an answer held until the test lets it go.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat message as the client sent it (content: a string, or OpenAI's parts). */
export interface ChatMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
  [key: string]: unknown;
}

/** A chat completion request's body, loosely: whatever else the client sent is kept too. */
export interface ChatRequest {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: unknown;
  tool_choice?: unknown;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  /** The path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Header names in lower case (Node's), e.g. `authorization`. */
  headers: IncomingHttpHeaders;
  /** The JSON body (`{}` for a GET or a body that is not JSON). */
  body: ChatRequest;
}

/** What the "model" answers to one chat request. */
export interface FakeReply {
  /** The assistant's text; '' for none. */
  text?: string;
  /** Tool calls it claims to make, as OpenAI would send them (the arguments a JSON string). */
  toolCalls?: { name: string; arguments: string }[];
  /** The tokens it reports: 40 in and 10 out unless given. */
  usage?: { promptTokens: number; completionTokens: number };
  /** An HTTP error instead of an answer (500, 429…), with OpenAI's error body. */
  status?: number;
}

/** Chooses the reply to each chat request; a string is the text. May take its time. */
export type Answerer = (
  request: RecordedRequest,
) => FakeReply | string | Promise<FakeReply | string>;

export interface OpenAiServerOptions {
  /** The reply to every chat request; default: `DEFAULT_TEXT`. */
  answer?: Answerer;
  /** The model ids GET /v1/models lists; default `['fake-model']`. */
  models?: string[];
}

export interface OpenAiServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `<url>/v1`: the AI_BASE_URL to give the product. */
  baseUrl: string;
  /** Every request received, in arrival order (chat completions, models, anything else). */
  requests: RecordedRequest[];
  /** The chat completion requests only. */
  chatRequests(): RecordedRequest[];
  /** Chat requests answered so far (errors included; a held one is not answered yet). */
  answered(): number;
  /** Replaces the answerer for later requests. */
  answerWith(answer: Answerer): void;
  /** Every later chat request answered with this HTTP status (OpenAI's error body). */
  failWith(status: number): void;
  /** Later chat requests are answered only after this many milliseconds. */
  delay(ms: number): void;
  /**
   * Holds every chat request's answer from now until `release()` is called (a provider that
   * takes its time, without a clock in the test). Each held request is answered by the
   * answerer in place when it arrived, once released.
   */
  hold(): { release(): void };
  close(): Promise<void>;
}

export const DEFAULT_TEXT = 'Hello from the fake provider.';
const DEFAULT_USAGE = { promptTokens: 40, completionTokens: 10 };

export async function startOpenAiServer(options: OpenAiServerOptions = {}): Promise<OpenAiServer> {
  const requests: RecordedRequest[] = [];
  let answerer: Answerer = options.answer ?? (() => DEFAULT_TEXT);
  let delayMs = 0;
  let gate: Promise<void> | null = null;
  let answered = 0;
  const models = options.models ?? ['fake-model'];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const path = request.path.split('?')[0];
      if (request.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, {
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
        });
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendJson(res, 404, errorBody(404));
      }
      // Read now: a later hold(), delay() or answerWith() is about later requests.
      const waitFor = gate;
      const ms = delayMs;
      const answerNow = answerer;
      void (async () => {
        if (waitFor) await waitFor;
        if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
        const given = await answerNow(request);
        const reply = typeof given === 'string' ? { text: given } : given;
        answered++;
        if (reply.status) return sendJson(res, reply.status, errorBody(reply.status));
        if (request.body.stream) streamReply(res, request.body, reply);
        else sendJson(res, 200, completion(request.body, reply));
      })().catch((error: unknown) => {
        sendJson(res, 500, { error: { message: String(error), type: 'fake_error' } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path.startsWith('/v1/chat/completions')),
    answered: () => answered,
    answerWith: (answer) => {
      answerer = answer;
    },
    failWith: (status) => {
      answerer = () => ({ status });
    },
    delay: (ms) => {
      delayMs = ms;
    },
    hold: () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      gate = held;
      return {
        release: () => {
          if (gate === held) gate = null;
          release();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Streams and held answers still open would keep close() waiting.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(text: string): ChatRequest {
  try {
    const json: unknown = JSON.parse(text);
    return json !== null && typeof json === 'object' ? (json as ChatRequest) : {};
  } catch {
    return {};
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** OpenAI's error body; a 429 also says when to come back. */
function errorBody(status: number) {
  const type =
    status === 429
      ? 'rate_limit_exceeded'
      : status >= 500
        ? 'server_error'
        : 'invalid_request_error';
  return { error: { message: `The fake provider answered ${status}.`, type, code: type } };
}

function usageOf(reply: FakeReply) {
  const usage = reply.usage ?? DEFAULT_USAGE;
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

const openAiToolCalls = (reply: FakeReply) =>
  reply.toolCalls?.map((call, index) => ({
    index,
    id: `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));

const finishReason = (reply: FakeReply) => (reply.toolCalls?.length ? 'tool_calls' : 'stop');

function completion(body: ChatRequest, reply: FakeReply) {
  const toolCalls = openAiToolCalls(reply)?.map(({ index: _index, ...call }) => call);
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text ?? '', tool_calls: toolCalls },
        finish_reason: finishReason(reply),
      },
    ],
    usage: usageOf(reply),
  };
}

/** The reply as OpenAI streams it: a role chunk, the text in pieces, the finish, the usage. */
function streamReply(res: ServerResponse, body: ChatRequest, reply: FakeReply): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake-model',
  };
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: object, finish: string | null = null) =>
    send({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  chunk({ role: 'assistant', content: '' });
  // Word by word, spaces kept, so a reader sees several deltas.
  for (const piece of (reply.text ?? '').match(/\S+\s*|\s+/gu) ?? []) chunk({ content: piece });
  const toolCalls = openAiToolCalls(reply);
  if (toolCalls) chunk({ tool_calls: toolCalls });
  chunk({}, finishReason(reply));
  if (body.stream_options?.include_usage) send({ ...base, choices: [], usage: usageOf(reply) });
  res.end('data: [DONE]\n\n');
}
