import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { Config } from '#server/platform/config';

/** A configuration with AI on (the model itself is the test's mock: AppDeps.aiModel). */
export const AI_ON: Pick<Config, 'ai'> = {
  ai: {
    provider: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: null,
    model: 'mock-model',
  },
};

/** One answer of the mock: its text and the tokens it reports. */
export function answer(text: string, inputTokens = 40, outputTokens = 10) {
  return {
    content: [{ type: 'text' as const, text }],
    finishReason: { unified: 'stop' as const, raw: 'stop' },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
    },
    warnings: [],
  };
}

/** A mock model that answers `text` every time, optionally after `delayMs`. */
export function mockModel(text: string, opts: { delayMs?: number; fail?: boolean } = {}) {
  return new MockLanguageModelV4({
    modelId: 'mock-model',
    doGenerate: async () => {
      if (opts.delayMs) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
      if (opts.fail) throw new Error('provider answered 500');
      return answer(text);
    },
  });
}

/** The system text and the user messages' text of one recorded call. */
export function promptOf(model: MockLanguageModelV4, call = 0) {
  return textsOf(model.doGenerateCalls[call]);
}

type RecordedCall = MockLanguageModelV4['doGenerateCalls'][number] | undefined;

/** A recorded call's system text, user text and tools, the same for both kinds of call. */
function textsOf(recorded: RecordedCall) {
  const prompt = recorded?.prompt ?? [];
  const system = prompt
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const user = prompt
    .filter((m) => m.role === 'user')
    .flatMap((m) => m.content)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
  return { system, user, tools: recorded?.tools };
}

/** A part of a model's stream, as the provider interface names it. */
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer T>
    ? T
    : never;

/**
 * A mock model whose streamed answer is `pieces`, with the usage `answer` reports; `fail`
 * ends the stream with the provider's error after the pieces (`error`, else a plain 500).
 */
export function streamingModel(pieces: string[], opts: { fail?: boolean; error?: Error } = {}) {
  const { finishReason, usage } = answer(pieces.join(''));
  return new MockLanguageModelV4({
    modelId: 'mock-model',
    doStream: async () => ({
      stream: simulateReadableStream<StreamPart>({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
          ...(opts.fail
            ? [{ type: 'error' as const, error: opts.error ?? new Error('provider answered 500') }]
            : [
                { type: 'text-end' as const, id: 't' },
                { type: 'finish' as const, finishReason, usage },
              ]),
        ],
      }),
    }),
  });
}

/** The system text and the user message's text of one recorded streamed call. */
export function streamPromptOf(model: MockLanguageModelV4, call = 0) {
  return textsOf(model.doStreamCalls[call]);
}
