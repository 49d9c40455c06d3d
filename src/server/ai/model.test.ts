/**
 * The product's model (model.ts) against an OpenAI-compatible server over HTTP
 * (tests/support/openai-server.ts), as Ollama, LM Studio or OpenRouter would answer it: a
 * plain answer (generateText, what triage uses) and a streamed one (streamText, what a chat
 * answer uses), each with the tokens the provider reported, and the key as a bearer token.
 */
import { generateText, streamText } from 'ai';
import { afterEach, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { modelFromConfig } from './model';

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function modelAgainstFake() {
  fake = await startOpenAiServer({
    answer: () => ({
      text: 'Forecasting helps.',
      usage: { promptTokens: 21, completionTokens: 7 },
    }),
  });
  const model = await modelFromConfig({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test-key',
    model: 'fake-model',
  });
  return { fake, model };
}

it('generateText: the text and the usage the provider reported; the key as a bearer token', async () => {
  const { fake, model } = await modelAgainstFake();
  const result = await generateText({ model, prompt: 'Hello', maxRetries: 0 });
  expect(result.text).toBe('Forecasting helps.');
  expect(result.usage).toMatchObject({ inputTokens: 21, outputTokens: 7 });
  const [request] = fake.chatRequests();
  expect(request?.headers.authorization).toBe('Bearer sk-test-key');
  expect(request?.body).toMatchObject({
    model: 'fake-model',
    messages: [{ role: 'user', content: 'Hello' }],
  });
  expect(request?.body.stream).toBeUndefined();
});

it('streamText: the text in pieces and the usage, which is asked for (stream_options)', async () => {
  const { fake, model } = await modelAgainstFake();
  const result = streamText({ model, prompt: 'Hello', maxRetries: 0 });
  const pieces: string[] = [];
  for await (const piece of result.textStream) pieces.push(piece);
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.join('')).toBe('Forecasting helps.');
  // OpenAI and most compatible servers send no usage in a stream unless asked to: without
  // it, a streamed answer would be counted as 0 tokens against AI_MONTHLY_TOKENS.
  expect(fake.chatRequests()[0]?.body).toMatchObject({
    stream: true,
    stream_options: { include_usage: true },
  });
  expect(await result.usage).toMatchObject({ inputTokens: 21, outputTokens: 7 });
});

it("a provider's error reaches the caller with its status; a held answer waits for its release", async () => {
  const { fake, model } = await modelAgainstFake();
  fake.failWith(429);
  await expect(generateText({ model, prompt: 'Hello', maxRetries: 0 })).rejects.toMatchObject({
    statusCode: 429,
  });
  fake.answerWith(() => 'Later.');
  const held = fake.hold();
  const answer = generateText({ model, prompt: 'Hello', maxRetries: 0 });
  await expect.poll(() => fake.chatRequests().length).toBe(2);
  expect(fake.answered()).toBe(1);
  held.release();
  expect((await answer).text).toBe('Later.');
  const models = (await (await fetch(`${fake.baseUrl}/models`)).json()) as {
    data: { id: string }[];
  };
  expect(models.data.map((m) => m.id)).toEqual(['fake-model']);
});
